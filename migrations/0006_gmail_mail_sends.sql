CREATE TABLE "gmail_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_sid" text NOT NULL,
	"code_verifier_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"timesheet_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_sealed" text,
	"attachment_name" text,
	"attachment_type" text,
	"attachment" "bytea",
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"message_id" text NOT NULL,
	"expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gmail_authorizations" ADD CONSTRAINT "gmail_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_authorizations" ADD CONSTRAINT "gmail_authorizations_session_sid_sessions_sid_fk" FOREIGN KEY ("session_sid") REFERENCES "public"."sessions"("sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gmail_authorizations_user_id_idx" ON "gmail_authorizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_sends_user_id_idx" ON "mail_sends" USING btree ("user_id","id");