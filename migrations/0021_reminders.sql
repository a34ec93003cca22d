CREATE TABLE "reminders_sent" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminders_sent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_start" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_once" UNIQUE("user_id","kind","employer_id","period_start"),
	CONSTRAINT "reminders_sent_kind_check" CHECK ("reminders_sent"."kind" in ('timesheet_due', 'payday_missed'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "remind_timesheet_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "remind_payday_missed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_employer_fk" FOREIGN KEY ("employer_id","user_id") REFERENCES "public"."employers"("id","user_id") ON DELETE cascade ON UPDATE no action;