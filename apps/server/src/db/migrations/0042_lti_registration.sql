CREATE TABLE "lti_registration_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"created_by" uuid,
	"instructors_allowed" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"platform_id" uuid
);
--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_registration_links" ADD CONSTRAINT "lti_registration_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE set null ON UPDATE no action;