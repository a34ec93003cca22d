CREATE TABLE "user_data_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raises the version of every user whose rows a statement changed (one upsert per statement and
-- user, not per row). Rows of a user being deleted are skipped: their counter goes with them.
CREATE FUNCTION hourbook_bump_user_data_version() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_data_versions AS v (user_id)
    SELECT DISTINCT c.user_id FROM changed c JOIN users u ON u.id = c.user_id
    ORDER BY 1
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER employers_version_insert AFTER INSERT ON employers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER employers_version_update AFTER UPDATE ON employers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER employers_version_delete AFTER DELETE ON employers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER work_logs_version_insert AFTER INSERT ON work_logs
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER work_logs_version_update AFTER UPDATE ON work_logs
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER work_logs_version_delete AFTER DELETE ON work_logs
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER settings_version_insert AFTER INSERT ON settings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER settings_version_update AFTER UPDATE ON settings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER timesheets_version_insert AFTER INSERT ON timesheets
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER timesheets_version_update AFTER UPDATE ON timesheets
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER timesheets_version_delete AFTER DELETE ON timesheets
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
