ALTER TYPE "public"."theme" ADD VALUE 'system';--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "note" text;--> statement-breakpoint
-- Employer names become unique per user whatever their case (DESIGN.md §7.10). Names that
-- already repeat keep their oldest holder; the others get their id appended, so nothing is lost.
UPDATE "employers" e SET "name" = e."name" || ' (' || e."id" || ')'
 WHERE EXISTS (SELECT 1 FROM "employers" o
                WHERE o."user_id" = e."user_id" AND lower(o."name") = lower(e."name") AND o."id" < e."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "employers_user_id_name_unique" ON "employers" USING btree ("user_id",lower("name"));
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
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS 'SELECT lower($1)';
  ELSE
    EXECUTE format(
      'CREATE FUNCTION hourbook_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE '
      'AS %L',
      format('SELECT lower(%I.unaccent(%L::%I.regdictionary, $1))', ext_schema, ext_schema || '.unaccent', 'pg_catalog'));
  END IF;
END $$;
