CREATE TABLE "lti_course_members" (
	"platform_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"left_at" timestamp with time zone,
	"suspended_by_sync" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_course_members_platform_id_context_id_user_id_pk" PRIMARY KEY("platform_id","context_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "memberships_url" text;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "line_items_url" text;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "sync_job_id" bigint;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "last_sync_error" text;--> statement-breakpoint
ALTER TABLE "lti_course_members" ADD CONSTRAINT "lti_course_members_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_course_members" ADD CONSTRAINT "lti_course_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_course_members_user_idx" ON "lti_course_members" USING btree ("user_id");