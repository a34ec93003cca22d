ALTER TYPE "public"."theme" ADD VALUE 'system';--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "note" text;--> statement-breakpoint
-- hourbook_lower(): lower case for every alphabet, whatever locale the cluster was created with
-- (the embedded one uses C, where lower() changes only A–Z). ICU ships with PostgreSQL's usual
-- builds and the embedded one; without it, lower() is the best there is.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN
    CREATE FUNCTION hourbook_lower(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $f$ SELECT lower($1 COLLATE "und-x-icu") $f$;
  ELSE
    CREATE FUNCTION hourbook_lower(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $f$ SELECT lower($1) $f$;
  END IF;
END $$;
--> statement-breakpoint
-- Employer names become unique per user whatever their case (docs/product/deviations.md#10-employer-names-are-unique-per-user). Names that
-- already repeat keep their oldest holder; the others become 'Name (2)', 'Name (3)', … (the first
-- number that is free), so nothing is lost. The lock keeps an older instance from adding a
-- repeat between the renaming and the index.
LOCK TABLE "employers" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DO $$
DECLARE
  r record;
  n int;
  candidate text;
BEGIN
  FOR r IN
    SELECT e."id", e."user_id", e."name" FROM "employers" e
     WHERE EXISTS (SELECT 1 FROM "employers" o
                    WHERE o."user_id" = e."user_id" AND o."id" < e."id"
                      AND hourbook_lower(o."name") = hourbook_lower(e."name"))
     ORDER BY e."id"
  LOOP
    n := 2;
    LOOP
      candidate := r."name" || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "employers" o
                             WHERE o."user_id" = r."user_id"
                               AND hourbook_lower(o."name") = hourbook_lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE "employers" SET "name" = candidate WHERE "id" = r."id";
  END LOOP;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "employers_user_id_name_unique" ON "employers" USING btree ("user_id",hourbook_lower("name"));
--> statement-breakpoint
-- Search ignores case and accents ('cafe' and 'CAFÉ' find 'Café'): hourbook_fold() is the one
-- definition. unaccent ships with PostgreSQL's contrib (and the embedded server); where a
-- managed server refuses the extension, search still ignores case.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'unaccent is not available: search ignores case only';
END $$;
--> statement-breakpoint
DO $$
DECLARE
  ext_schema text;
BEGIN
  SELECT n.nspname INTO ext_schema
    FROM pg_extension x JOIN pg_namespace n ON n.oid = x.extnamespace
   WHERE x.extname = 'unaccent';
  IF ext_schema IS NULL THEN
    CREATE FUNCTION hourbook_fold(text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS 'SELECT hourbook_lower($1)';
  ELSE
    EXECUTE format(
      'CREATE FUNCTION hourbook_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE '
      'AS %L',
      format('SELECT hourbook_lower(%I.unaccent(%L::%I.regdictionary, $1))', ext_schema, ext_schema || '.unaccent', 'pg_catalog'));
  END IF;
END $$;
