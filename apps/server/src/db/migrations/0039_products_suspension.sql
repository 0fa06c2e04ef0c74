ALTER TABLE "products" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suspended_learner_access" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suspended_published" boolean;--> statement-breakpoint
CREATE INDEX "checkout_sessions_product_complete_idx" ON "checkout_sessions" USING btree ("product_id") WHERE status = 'complete';--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_unique_idx" ON "products" USING btree (lower("name"));