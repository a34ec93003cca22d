ALTER TYPE "public"."rule_change_field" ADD VALUE 'overtime';--> statement-breakpoint
ALTER TYPE "public"."rule_change_field" ADD VALUE 'premiums';--> statement-breakpoint
CREATE TABLE "employer_holidays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "employer_holidays_employer_date_unique" UNIQUE("employer_id","date"),
	CONSTRAINT "employer_holidays_source_check" CHECK ("employer_holidays"."source" in ('library', 'added'))
);
--> statement-breakpoint
-- Every version so far had no overtime and no premiums.
ALTER TABLE "employer_pay_rules" ADD COLUMN "overtime" jsonb NOT NULL DEFAULT '{"preset":"none","workweekStartDay":0,"workweekStartTime":"00:00"}'::jsonb;--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ADD COLUMN "premiums" jsonb NOT NULL DEFAULT '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ALTER COLUMN "overtime" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ALTER COLUMN "premiums" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "overtime" jsonb DEFAULT '{"preset":"none","workweekStartDay":0,"workweekStartTime":"00:00"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "premiums" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "holiday_country" text;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "holiday_region" text;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "holiday_years" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "manual_premium_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_base_cents" bigint;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_premium_cents" bigint;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_overtime_cents" bigint;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_lines" jsonb;--> statement-breakpoint
ALTER TABLE "employer_holidays" ADD CONSTRAINT "employer_holidays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_holidays" ADD CONSTRAINT "employer_holidays_employer_fk" FOREIGN KEY ("employer_id","user_id") REFERENCES "public"."employers"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_holidays_user_id_idx" ON "employer_holidays" USING btree ("user_id");
--> statement-breakpoint
-- While instances of the version before this one still run (a rolling upgrade), they insert
-- versions without tax, overtime or premiums: such a row takes its employer's instead of failing.
CREATE OR REPLACE FUNCTION hourbook_pay_rules_default_tax() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tax_method IS NULL OR NEW.tax_rate IS NULL OR NEW.overtime IS NULL
     OR NEW.premiums IS NULL THEN
    SELECT coalesce(NEW.tax_method, e.tax_method), coalesce(NEW.tax_rate, e.tax_rate),
           coalesce(NEW.overtime, e.overtime), coalesce(NEW.premiums, e.premiums)
      INTO NEW.tax_method, NEW.tax_rate, NEW.overtime, NEW.premiums
      FROM employers e WHERE e.id = NEW.employer_id;
  END IF;
  RETURN NEW;
END $$;
