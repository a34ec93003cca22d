ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_id_user_id_unique" UNIQUE("id","user_id");--> statement-breakpoint
CREATE TABLE "work_log_receipts" (
	"work_log_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_log_receipts_content_type_check" CHECK ("work_log_receipts"."content_type" in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "work_log_receipts_size_check" CHECK ("work_log_receipts"."byte_size" > 0 and "work_log_receipts"."byte_size" = octet_length("work_log_receipts"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "work_log_receipts" ADD CONSTRAINT "work_log_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log_receipts" ADD CONSTRAINT "work_log_receipts_work_log_fk" FOREIGN KEY ("work_log_id","user_id") REFERENCES "public"."work_logs"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_log_receipts_user_id_idx" ON "work_log_receipts" USING btree ("user_id");--> statement-breakpoint
-- hand-written below
-- A shift's receipt shows in the work logs: adding, replacing or removing one changes them.
CREATE TRIGGER work_log_receipts_version_insert AFTER INSERT ON work_log_receipts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER work_log_receipts_version_update AFTER UPDATE ON work_log_receipts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER work_log_receipts_version_delete AFTER DELETE ON work_log_receipts
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
