CREATE TABLE "timesheet_documents" (
	"timesheet_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "employer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "tax" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "total_due" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "tax_calculation" "tax_calculation" DEFAULT 'add' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "round_time" "round_time" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "shifts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheet_documents" ADD CONSTRAINT "timesheet_documents_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_documents" ADD CONSTRAINT "timesheet_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheet_documents_user_id_idx" ON "timesheet_documents" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "timesheets" DROP COLUMN "document";