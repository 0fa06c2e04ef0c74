ALTER TABLE "question_comments" ADD COLUMN "kind" text DEFAULT 'COMMENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "question_comments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_comments" ADD COLUMN "resolved_by_id" uuid;--> statement-breakpoint
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;