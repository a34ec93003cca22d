ALTER TYPE "public"."rule_change_field" ADD VALUE 'taxMethod';--> statement-breakpoint
ALTER TYPE "public"."rule_change_field" ADD VALUE 'taxRate';--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ADD COLUMN "tax_method" "tax_calculation";--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
-- Every version so far takes the employer's tax as it is: tax had no dates until now.
UPDATE "employer_pay_rules" r SET "tax_method" = e."tax_method", "tax_rate" = e."tax_rate"
  FROM "employers" e WHERE e."id" = r."employer_id";--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ALTER COLUMN "tax_method" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ALTER COLUMN "tax_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_tax_method" "tax_calculation";--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_tax_basis_points" integer;--> statement-breakpoint
-- The tax each log's gross was taxed by until now: its employer's.
UPDATE "work_logs" l SET "pay_tax_method" = e."tax_method",
       "pay_tax_basis_points" = (e."tax_rate" * 100)::int
  FROM "employers" e WHERE e."id" = l."employer_id";
--> statement-breakpoint
-- While instances of the version before this one still run (a rolling upgrade), they insert
-- versions without tax: such a row takes its employer's tax instead of failing.
CREATE OR REPLACE FUNCTION hourbook_pay_rules_default_tax() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tax_method IS NULL OR NEW.tax_rate IS NULL THEN
    SELECT coalesce(NEW.tax_method, e.tax_method), coalesce(NEW.tax_rate, e.tax_rate)
      INTO NEW.tax_method, NEW.tax_rate
      FROM employers e WHERE e.id = NEW.employer_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER employer_pay_rules_default_tax BEFORE INSERT ON employer_pay_rules
  FOR EACH ROW EXECUTE FUNCTION hourbook_pay_rules_default_tax();
