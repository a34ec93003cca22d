CREATE TYPE "public"."csv_format" AS ENUM('comma', 'semicolon');--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "csv_format" "csv_format" DEFAULT 'comma' NOT NULL;