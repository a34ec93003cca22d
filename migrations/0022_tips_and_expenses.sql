CREATE TYPE "public"."distance_unit" AS ENUM('km', 'mi');--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "mileage_rate" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "distance_unit" "distance_unit" DEFAULT 'km' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "expenses" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "tips_cash" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "tips_card" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "distance" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "mileage_rate_at_time" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "distance_unit" "distance_unit";--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "expense_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "expense_note" text;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "expense_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_mileage_rate_check" CHECK ("employers"."mileage_rate" > 0);--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_tips_check" CHECK ("work_logs"."tips_cash" >= 0 and "work_logs"."tips_card" >= 0);--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_expense_check" CHECK ("work_logs"."expense_amount" >= 0 and "work_logs"."expense_cents" >= 0);--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_mileage_check" CHECK (("work_logs"."distance" is null) = ("work_logs"."mileage_rate_at_time" is null) and ("work_logs"."distance" is null) = ("work_logs"."distance_unit" is null) and ("work_logs"."distance" is null or "work_logs"."distance" > 0));