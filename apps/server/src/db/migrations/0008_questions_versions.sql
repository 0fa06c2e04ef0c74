-- Questions as immutable versions (issue 9): the tables written ahead of time are replaced; no code used them.
DROP TABLE "question_comments" CASCADE;--> statement-breakpoint
DROP TABLE "question_media" CASCADE;--> statement-breakpoint
DROP TABLE "question_versions" CASCADE;--> statement-breakpoint
DROP TABLE "questions" CASCADE;--> statement-breakpoint
DROP TABLE "test_questions" CASCADE;--> statement-breakpoint
DROP TABLE "tests" CASCADE;--> statement-breakpoint
CREATE TABLE "media_files" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_version_media" (
	"version_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"media_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_version_media_version_id_media_id_pk" PRIMARY KEY("version_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "question_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"subcategory_id" uuid,
	"free_sample" boolean DEFAULT false NOT NULL,
	"stem" text DEFAULT '' NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_choice_id" uuid,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reinforcements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"editor_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(name, '') || ' ' || coalesce(stem, '') || ' ' || coalesce(explanation, '') || ' ' || coalesce(jsonb_path_query_array(choices, '$[*].text')::text, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"current_version_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid NOT NULL,
	"question_version_id" uuid NOT NULL,
	"selected_choice_id" uuid,
	"correct" boolean,
	"flagged" boolean DEFAULT false NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "test_questions_test_id_position_pk" PRIMARY KEY("test_id","position")
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"num_questions" integer NOT NULL,
	"time_limit_seconds" integer,
	"time_used_seconds" integer DEFAULT 0 NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"running_since" timestamp with time zone,
	"last_alive_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"score_percent" integer
);
--> statement-breakpoint
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_version_media" ADD CONSTRAINT "question_version_media_version_id_question_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."question_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_version_media" ADD CONSTRAINT "question_version_media_hash_media_files_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."media_files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_comments_question_idx" ON "question_comments" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "question_version_media_hash_idx" ON "question_version_media" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "question_versions_number_key" ON "question_versions" USING btree ("question_id","number");--> statement-breakpoint
CREATE INDEX "question_versions_status_idx" ON "question_versions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "question_versions_subcategory_idx" ON "question_versions" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "question_versions_search_idx" ON "question_versions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "questions_product_updated_idx" ON "questions" USING btree ("product_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "questions_author_idx" ON "questions" USING btree ("author_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_current_version_key" ON "questions" USING btree ("current_version_id");--> statement-breakpoint
CREATE INDEX "test_questions_question_idx" ON "test_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "tests_user_product_idx" ON "tests" USING btree ("user_id","product_id","status");--> statement-breakpoint
-- A question points at its current version and a version at its question: the question's key is checked at
-- commit, so both rows are written in one transaction, in either order.
ALTER TABLE "questions" ADD CONSTRAINT "questions_current_version_id_question_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."question_versions"("id") DEFERRABLE INITIALLY DEFERRED;
