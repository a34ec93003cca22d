CREATE TABLE "work_log_undo_receipts" (
	"token_hash" text NOT NULL,
	"work_log_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "work_log_undo_receipts_token_hash_work_log_id_pk" PRIMARY KEY("token_hash","work_log_id")
);
--> statement-breakpoint
CREATE TABLE "work_log_undos" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"logs" jsonb NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_log_undo_receipts" ADD CONSTRAINT "work_log_undo_receipts_token_hash_work_log_undos_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."work_log_undos"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log_undo_receipts" ADD CONSTRAINT "work_log_undo_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log_undos" ADD CONSTRAINT "work_log_undos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_log_undo_receipts_user_id_idx" ON "work_log_undo_receipts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "work_log_undos_expires_at_idx" ON "work_log_undos" USING btree ("expires_at");--> statement-breakpoint
-- hand-written below
CREATE TRIGGER work_log_undos_version_insert AFTER INSERT ON work_log_undos
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER work_log_undos_version_update AFTER UPDATE ON work_log_undos
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER work_log_undos_version_delete AFTER DELETE ON work_log_undos
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
