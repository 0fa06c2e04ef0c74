CREATE TABLE "learner_questions" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"last_correct" boolean,
	"flagged" boolean DEFAULT false NOT NULL,
	"first_choice_id" uuid,
	CONSTRAINT "learner_questions_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "learner_stats" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learner_stats_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "question_choice_stats" (
	"question_id" uuid NOT NULL,
	"choice_id" uuid NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_choice_stats_question_id_choice_id_pk" PRIMARY KEY("question_id","choice_id")
);
--> statement-breakpoint
CREATE TABLE "question_pool" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"version_id" uuid NOT NULL,
	"free_sample" boolean NOT NULL,
	"rk" double precision DEFAULT random() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid NOT NULL,
	"question_version_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"selected_choice_id" uuid,
	"correct" boolean,
	"flagged" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"struck" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"time_spent_ms" bigint DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "test_questions_test_id_position_pk" PRIMARY KEY("test_id","position")
);
--> statement-breakpoint
CREATE TABLE "test_scores" (
	"product_id" uuid NOT NULL,
	"score_percent" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_scores_product_id_score_percent_pk" PRIMARY KEY("product_id","score_percent")
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"num_questions" integer NOT NULL,
	"pools" jsonb NOT NULL,
	"subcategory_ids" jsonb NOT NULL,
	"free_sample_only" boolean DEFAULT false NOT NULL,
	"time_limit_ms" bigint,
	"time_used_ms" bigint DEFAULT 0 NOT NULL,
	"last_tick_at" timestamp with time zone,
	"current_position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"answered" integer,
	"correct" integer,
	"score_percent" integer
);
--> statement-breakpoint
ALTER TABLE "learner_questions" ADD CONSTRAINT "learner_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_questions" ADD CONSTRAINT "learner_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_questions" ADD CONSTRAINT "learner_questions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD CONSTRAINT "learner_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD CONSTRAINT "learner_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choice_stats" ADD CONSTRAINT "question_choice_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_pool" ADD CONSTRAINT "question_pool_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_pool" ADD CONSTRAINT "question_pool_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_pool" ADD CONSTRAINT "question_pool_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_scores" ADD CONSTRAINT "test_scores_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_questions_user_product_idx" ON "learner_questions" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "learner_questions_incorrect_idx" ON "learner_questions" USING btree ("user_id","product_id") WHERE "learner_questions"."last_correct" = false;--> statement-breakpoint
CREATE INDEX "learner_questions_flagged_idx" ON "learner_questions" USING btree ("user_id","product_id") WHERE "learner_questions"."flagged";--> statement-breakpoint
CREATE INDEX "question_pool_draw_idx" ON "question_pool" USING btree ("product_id","subcategory_id","rk");--> statement-breakpoint
CREATE INDEX "question_pool_free_idx" ON "question_pool" USING btree ("product_id","subcategory_id","rk") WHERE "question_pool"."free_sample";--> statement-breakpoint
CREATE UNIQUE INDEX "test_questions_question_key" ON "test_questions" USING btree ("test_id","question_id");--> statement-breakpoint
CREATE INDEX "test_questions_question_idx" ON "test_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tests_one_open_key" ON "tests" USING btree ("user_id","product_id") WHERE "tests"."status" IN ('IN_PROGRESS', 'PAUSED');--> statement-breakpoint
CREATE INDEX "tests_user_product_created_idx" ON "tests" USING btree ("user_id","product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tests_running_timed_idx" ON "tests" USING btree ("last_tick_at") WHERE "tests"."status" = 'IN_PROGRESS' AND "tests"."mode" = 'TIMED';--> statement-breakpoint
-- The pool of questions a test may draw: one row per question whose current version is PUBLISHED. Kept by a
-- trigger whatever writes questions (the editor, imports, the seed, the bench generator). It is a deferred
-- constraint trigger because a question and its first version are written in one transaction, the question
-- first: at commit both exist.
CREATE FUNCTION "question_pool_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  SELECT "status", "subcategory_id", "free_sample" INTO v FROM "question_versions"
  WHERE "id" = (SELECT "current_version_id" FROM "questions" WHERE "id" = NEW."id");
  IF v."status" = 'PUBLISHED' THEN
    INSERT INTO "question_pool" ("question_id", "product_id", "subcategory_id", "version_id", "free_sample")
    SELECT "id", "product_id", v."subcategory_id", "current_version_id", v."free_sample"
    FROM "questions" WHERE "id" = NEW."id"
    ON CONFLICT ("question_id") DO UPDATE SET
      "subcategory_id" = excluded."subcategory_id",
      "version_id" = excluded."version_id",
      "free_sample" = excluded."free_sample";
  ELSE
    DELETE FROM "question_pool" WHERE "question_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "questions_pool_sync" AFTER INSERT OR UPDATE OF "current_version_id" ON "questions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "question_pool_sync"();--> statement-breakpoint
INSERT INTO "question_pool" ("question_id", "product_id", "subcategory_id", "version_id", "free_sample")
SELECT q."id", q."product_id", v."subcategory_id", v."id", v."free_sample"
FROM "questions" q JOIN "question_versions" v ON v."id" = q."current_version_id"
WHERE v."status" = 'PUBLISHED';
