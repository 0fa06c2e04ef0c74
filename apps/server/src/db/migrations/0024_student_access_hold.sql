ALTER TABLE "subscriptions" ADD COLUMN "access_hold" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "access_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_access_hold_check" CHECK ("access_hold" IN ('SUSPENDED', 'REMOVED'));
