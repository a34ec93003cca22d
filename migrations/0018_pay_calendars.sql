ALTER TYPE "public"."timesheet_schedule" ADD VALUE 'semimonthly' BEFORE 'monthly';--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "pay_anchor_date" date;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "pay_start_days" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "payday_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "payday_weekday" integer;--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_payday_days_check" CHECK ("employers"."payday_days" between 0 and 90);--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_payday_weekday_check" CHECK ("employers"."payday_weekday" between 0 and 6);--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_pay_start_days_check" CHECK (cardinality("employers"."pay_start_days") <= 2 and 1 <= all("employers"."pay_start_days") and 28 >= all("employers"."pay_start_days"));