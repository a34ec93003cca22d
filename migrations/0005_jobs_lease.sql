CREATE TABLE "job_effects" (
	"job_id" bigint NOT NULL,
	"effect" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_effects_job_id_effect_pk" PRIMARY KEY("job_id","effect")
);
--> statement-breakpoint
DROP INDEX "jobs_status_run_at_idx";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "max_attempts" SET DEFAULT 25;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_effects" ADD CONSTRAINT "job_effects_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_queued_run_at_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_lease_idx" ON "jobs" USING btree ("lease_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_done_finished_at_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" = 'done';