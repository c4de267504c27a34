ALTER TABLE "users" ADD COLUMN "guide_done" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guide_dismissed" boolean DEFAULT false NOT NULL;