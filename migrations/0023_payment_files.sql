CREATE TABLE "payment_files" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_files_content_type_check" CHECK ("payment_files"."content_type" in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "payment_files_size_check" CHECK ("payment_files"."byte_size" > 0 and "payment_files"."byte_size" = octet_length("payment_files"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "payment_files" ADD CONSTRAINT "payment_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_files" ADD CONSTRAINT "payment_files_payment_fk" FOREIGN KEY ("payment_id","user_id") REFERENCES "public"."payments"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_files_user_id_idx" ON "payment_files" USING btree ("user_id");--> statement-breakpoint
-- hand-written below
-- A payment's file shows in the payments list: adding, replacing or removing one changes it.
CREATE TRIGGER payment_files_version_insert AFTER INSERT ON payment_files
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER payment_files_version_update AFTER UPDATE ON payment_files
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER payment_files_version_delete AFTER DELETE ON payment_files
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
