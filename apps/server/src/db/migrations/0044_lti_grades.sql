CREATE TABLE "lti_deep_links" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"deployment_id" text NOT NULL,
	"context_id" text,
	"return_url" text NOT NULL,
	"data" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lti_placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"resource_link_id" text,
	"line_item_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_scores" (
	"test_id" uuid NOT NULL,
	"placement_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"score_given" integer NOT NULL,
	"score_maximum" integer NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"job_id" bigint,
	"posted_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_scores_test_id_placement_id_pk" PRIMARY KEY("test_id","placement_id")
);
--> statement-breakpoint
ALTER TABLE "lti_entry_codes" ADD COLUMN "landing" text;--> statement-breakpoint
ALTER TABLE "lti_logins" ADD COLUMN "storage_target" text;--> statement-breakpoint
ALTER TABLE "lti_deep_links" ADD CONSTRAINT "lti_deep_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deep_links" ADD CONSTRAINT "lti_deep_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_placements" ADD CONSTRAINT "lti_placements_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_placements" ADD CONSTRAINT "lti_placements_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_placements" ADD CONSTRAINT "lti_placements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_scores" ADD CONSTRAINT "lti_scores_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_scores" ADD CONSTRAINT "lti_scores_placement_id_lti_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."lti_placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_placements_key" ON "lti_placements" USING btree ("platform_id","context_id","assignment_id");--> statement-breakpoint
CREATE INDEX "lti_placements_assignment_idx" ON "lti_placements" USING btree ("assignment_id");