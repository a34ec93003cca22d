CREATE TABLE "notion_connections" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_sealed" text NOT NULL,
	"database_id" text NOT NULL,
	"data_source_id" text NOT NULL,
	"database_title" text,
	"title_property" text NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "notion_sync_state" text;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "notion_sync_error" text;--> statement-breakpoint
ALTER TABLE "work_logs" ADD COLUMN "notion_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notion_connections" ADD CONSTRAINT "notion_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;