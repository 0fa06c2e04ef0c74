CREATE TABLE "lti_link_requests" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"browser_hash" text NOT NULL,
	"launch" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lti_link_requests" ADD CONSTRAINT "lti_link_requests_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;