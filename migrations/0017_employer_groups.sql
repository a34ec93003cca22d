CREATE TABLE "employer_group_members" (
	"group_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "employer_group_members_employer_unique" UNIQUE("employer_id")
);
--> statement-breakpoint
CREATE TABLE "employer_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"overtime" jsonb DEFAULT '{"preset":"none","workweekStartDay":0,"workweekStartTime":"00:00"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_groups_id_user_id_unique" UNIQUE("id","user_id")
);
--> statement-breakpoint
ALTER TABLE "employer_group_members" ADD CONSTRAINT "employer_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_group_members" ADD CONSTRAINT "employer_group_members_group_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."employer_groups"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_group_members" ADD CONSTRAINT "employer_group_members_employer_fk" FOREIGN KEY ("employer_id","user_id") REFERENCES "public"."employers"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_groups" ADD CONSTRAINT "employer_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_group_members_group_idx" ON "employer_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "employer_group_members_user_id_idx" ON "employer_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employer_groups_user_id_name_unique" ON "employer_groups" USING btree ("user_id",hourbook_lower("name"));--> statement-breakpoint
-- A change of a group or of who is in it changes what the user's screens show.
CREATE TRIGGER employer_groups_version_insert AFTER INSERT ON employer_groups
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER employer_groups_version_update AFTER UPDATE ON employer_groups
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER employer_groups_version_delete AFTER DELETE ON employer_groups
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER employer_group_members_version_insert AFTER INSERT ON employer_group_members
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER employer_group_members_version_delete AFTER DELETE ON employer_group_members
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
