DROP INDEX "billing_plans_price_idx";--> statement-breakpoint
-- Free plans never go through checkout, so they keep no provider price.
UPDATE "billing_plans" SET "stripe_price_id" = NULL WHERE "price_cents" = 0 AND "stripe_price_id" IS NOT NULL;--> statement-breakpoint
-- A price id shared by several plans named none of them for sure: the oldest plan keeps it, the others need a new one.
UPDATE "billing_plans" b SET "stripe_price_id" = NULL WHERE b."stripe_price_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "billing_plans" o WHERE o."stripe_price_id" = b."stripe_price_id" AND (o."created_at", o."id") < (b."created_at", b."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plans_price_uniq" ON "billing_plans" USING btree ("stripe_price_id") WHERE stripe_price_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_deleted_subscription_idx" ON "webhook_events" USING btree (("payload" -> 'data' -> 'object' ->> 'id')) WHERE type = 'customer.subscription.deleted';