CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"billing_plan_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text NOT NULL,
	"token_id" text,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_token_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_billing_plan_id_billing_plans_id_fk" FOREIGN KEY ("billing_plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "payments_product_paid_idx" ON "payments" USING btree ("product_id","paid_at");--> statement-breakpoint
CREATE INDEX "payments_product_token_idx" ON "payments" USING btree ("product_id","token_id") WHERE token_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_referral_token_idx" ON "users" USING btree ("referral_token_id") WHERE referral_token_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "referral_visits_token_created_idx" ON "referral_visits" USING btree ("token_id","created_at");