ALTER TABLE "webhook_events" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("failed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE failed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE done_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_events_processed_idx" ON "webhook_events" USING btree ("processed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE processed_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_failed_idx" ON "webhook_events" USING btree ("failed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE processed_at IS NULL AND failed_at IS NOT NULL;