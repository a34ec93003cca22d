ALTER TABLE "timesheets" ADD COLUMN "rounding_step" "rounding_step" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "rounding_direction" "rounding_direction" DEFAULT 'nearest' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "pay_precision" "pay_precision" DEFAULT 'minutes' NOT NULL;--> statement-breakpoint
UPDATE "timesheets" SET "rounding_step" = "round_time"::text::"rounding_step", "pay_precision" = 'tenths';--> statement-breakpoint
ALTER TABLE "timesheets" DROP COLUMN "round_time";