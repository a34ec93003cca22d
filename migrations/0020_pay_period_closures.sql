CREATE TABLE "pay_period_closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_period_closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	CONSTRAINT "pay_period_closures_period_check" CHECK ("pay_period_closures"."period_start" <= "pay_period_closures"."period_end"),
	CONSTRAINT "pay_period_closures_reason_check" CHECK (("pay_period_closures"."reopened_at" is null) = ("pay_period_closures"."reopen_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "pay_period_closures" ADD CONSTRAINT "pay_period_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_period_closures" ADD CONSTRAINT "pay_period_closures_employer_fk" FOREIGN KEY ("employer_id","user_id") REFERENCES "public"."employers"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_period_closures_user_id_idx" ON "pay_period_closures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pay_period_closures_employer_idx" ON "pay_period_closures" USING btree ("employer_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_period_closures_open_unique" ON "pay_period_closures" USING btree ("employer_id","period_start") WHERE "pay_period_closures"."reopened_at" is null;--> statement-breakpoint
CREATE TRIGGER pay_period_closures_version_insert AFTER INSERT ON pay_period_closures
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER pay_period_closures_version_update AFTER UPDATE ON pay_period_closures
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER pay_period_closures_version_delete AFTER DELETE ON pay_period_closures
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
