CREATE TYPE "public"."pay_precision" AS ENUM('minutes', 'tenths');--> statement-breakpoint
CREATE TYPE "public"."rounding_direction" AS ENUM('nearest', 'up', 'down');--> statement-breakpoint
CREATE TYPE "public"."rounding_step" AS ENUM('none', '5', '6', '15', '30', '60');--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "tax_method" "tax_calculation" DEFAULT 'add' NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "rounding_step" "rounding_step" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "rounding_direction" "rounding_direction" DEFAULT 'nearest' NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "pay_precision" "pay_precision" DEFAULT 'minutes' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_worked_minutes" integer;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_minutes" integer;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_tenths" integer;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_rate_cents" bigint;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_cents" bigint;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "pay_version" integer;--> statement-breakpoint
UPDATE "employers" e SET "tax_method" = s."tax_calculation", "rounding_step" = s."round_time"::text::"rounding_step" FROM "settings" s WHERE s."user_id" = e."user_id";--> statement-breakpoint
UPDATE "work_logs" l SET "time_zone" = s."time_zone" FROM "settings" s WHERE s."user_id" = l."user_id";
