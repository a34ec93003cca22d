CREATE TABLE "timers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"department" text,
	"started_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "timers_paused_seconds_check" CHECK ("timers"."paused_seconds" >= 0),
	CONSTRAINT "timers_paused_at_check" CHECK ("timers"."paused_at" is null or "timers"."paused_at" >= "timers"."started_at")
);
--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_employer_fk" FOREIGN KEY ("employer_id","user_id") REFERENCES "public"."employers"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
CREATE TRIGGER timers_version_insert AFTER INSERT ON timers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER timers_version_update AFTER UPDATE ON timers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER timers_version_delete AFTER DELETE ON timers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
