-- How many log entries each fight holds, kept by every write of the log instead of counted on each
-- action (decision 041); fights saved before it are counted once here.
ALTER TABLE "combats" ADD COLUMN "log_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "combats" SET "log_total" = (
  SELECT count(*) FROM "combat_log" WHERE "combat_log"."campaign_id" = "combats"."campaign_id"
);
