CREATE TYPE "public"."payment_method" AS ENUM('bank', 'cash', 'cheque', 'other');--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "payment_allocations_period_unique" UNIQUE("payment_id","period_start"),
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount" > 0),
	CONSTRAINT "payment_allocations_period_check" CHECK ("payment_allocations"."period_start" <= "payment_allocations"."period_end")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"received_on" date NOT NULL,
	"method" "payment_method" DEFAULT 'bank' NOT NULL,
	"reference" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_id_user_id_unique" UNIQUE("id","user_id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payment_grace_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_fk" FOREIGN KEY ("payment_id","user_id") REFERENCES "public"."payments"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_employer_fk" FOREIGN KEY ("employer_id","user_id") REFERENCES "public"."employers"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_user_id_idx" ON "payment_allocations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
-- Payments and what they pay change what the user's screens show.
CREATE TRIGGER payments_version_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER payments_version_update AFTER UPDATE ON payments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER payments_version_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_version_insert AFTER INSERT ON payment_allocations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_version_delete AFTER DELETE ON payment_allocations
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hourbook_bump_user_data_version();
