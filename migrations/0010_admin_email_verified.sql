ALTER TABLE "users" ALTER COLUMN "email_verified" SET DEFAULT false;--> statement-breakpoint
-- Until now every account counted as verified from sign-up. Only an address proven by an
-- opened e-mail-change link stays verified; everyone else confirms theirs by a mailed link.
UPDATE "users" SET "email_verified" = false
WHERE "email_verified" AND NOT EXISTS (
  SELECT 1 FROM "email_verifications" ev
  WHERE ev."user_id" = "users"."id" AND ev."verified" AND lower(ev."new_email") = lower("users"."email")
);
