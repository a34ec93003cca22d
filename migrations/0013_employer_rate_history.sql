CREATE TYPE "public"."rule_change_field" AS ENUM('rate', 'roundingStep', 'roundingDirection', 'payPrecision');--> statement-breakpoint
CREATE TYPE "public"."rule_change_scope" AS ENUM('new', 'date', 'every');--> statement-breakpoint
CREATE TABLE "employer_pay_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_pay_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"effective_from" date,
	"rate" numeric(12, 2) NOT NULL,
	"rounding_step" "rounding_step" NOT NULL,
	"rounding_direction" "rounding_direction" NOT NULL,
	"pay_precision" "pay_precision" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_pay_rules_employer_date_unique" UNIQUE("employer_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "employer_rule_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_rule_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer,
	"field" "rule_change_field" NOT NULL,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"applies" "rule_change_scope" NOT NULL,
	"applies_from" date
);
--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ADD CONSTRAINT "employer_pay_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_pay_rules" ADD CONSTRAINT "employer_pay_rules_employer_fk" FOREIGN KEY ("employer_id","user_id") REFERENCES "public"."employers"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_rule_changes" ADD CONSTRAINT "employer_rule_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_rule_changes" ADD CONSTRAINT "employer_rule_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_rule_changes" ADD CONSTRAINT "employer_rule_changes_employer_fk" FOREIGN KEY ("employer_id","user_id") REFERENCES "public"."employers"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_pay_rules_beginning_unique" ON "employer_pay_rules" USING btree ("employer_id") WHERE "employer_pay_rules"."effective_from" is null;--> statement-breakpoint
CREATE INDEX "employer_pay_rules_user_id_idx" ON "employer_pay_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employer_rule_changes_employer_id_idx" ON "employer_rule_changes" USING btree ("employer_id","changed_at");--> statement-breakpoint
CREATE INDEX "employer_rule_changes_user_id_idx" ON "employer_rule_changes" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "employer_pay_rules" ("user_id", "employer_id", "effective_from", "rate", "rounding_step", "rounding_direction", "pay_precision") SELECT "user_id", "id", NULL, "hourly_rate", "rounding_step", "rounding_direction", "pay_precision" FROM "employers";--> statement-breakpoint
UPDATE "work_logs" l SET "hourly_rate_at_time" = 0 FROM "employers" e WHERE e."id" = l."employer_id" AND e."user_id" = l."user_id" AND l."hourly_rate_at_time" = e."hourly_rate";
