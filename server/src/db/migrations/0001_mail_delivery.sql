DROP INDEX "mail_outbox_status_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- Hand-added: rows the previous mailer left as 'failed' (one attempt, no retry) are retried by the worker.
UPDATE "mail_outbox" SET "status" = 'pending' WHERE "status" = 'failed';
