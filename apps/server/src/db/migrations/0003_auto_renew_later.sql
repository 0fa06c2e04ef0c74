ALTER TABLE "billing_plans" ADD COLUMN "renewal_price_id" text;--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD COLUMN "trial_end" timestamp with time zone;