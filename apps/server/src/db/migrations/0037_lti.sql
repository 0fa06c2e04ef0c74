CREATE TABLE "lti_contexts" (
	"platform_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"cohort_id" uuid NOT NULL,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_entry_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"browser_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_platforms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" text[] NOT NULL,
	"auth_login_url" text NOT NULL,
	"auth_token_url" text NOT NULL,
	"key_set_url" text NOT NULL,
	"instructors_allowed" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_launch_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD CONSTRAINT "lti_contexts_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD CONSTRAINT "lti_contexts_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_entry_codes" ADD CONSTRAINT "lti_entry_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_entry_codes" ADD CONSTRAINT "lti_entry_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_identities" ADD CONSTRAINT "lti_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_logins" ADD CONSTRAINT "lti_logins_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_contexts_key" ON "lti_contexts" USING btree ("platform_id","context_id");--> statement-breakpoint
CREATE INDEX "lti_entry_codes_expires_idx" ON "lti_entry_codes" USING btree ("expires_at") WHERE used_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_identities_key" ON "lti_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "lti_identities_user_idx" ON "lti_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lti_logins_expires_idx" ON "lti_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_platforms_issuer_client_key" ON "lti_platforms" USING btree ("issuer","client_id");--> statement-breakpoint
CREATE INDEX "lti_platforms_product_idx" ON "lti_platforms" USING btree ("product_id");