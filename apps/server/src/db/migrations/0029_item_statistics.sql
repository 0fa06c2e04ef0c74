CREATE TABLE "question_item_stats" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"facility" double precision,
	"discrimination" double precision,
	"group_size" integer NOT NULL,
	"top_shares" jsonb NOT NULL,
	"bottom_shares" jsonb NOT NULL,
	"key_choice_id" uuid,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"needs_check" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_stats_dirty" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_search" ADD COLUMN "needs_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_questions" ADD COLUMN "first_correct" boolean;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD COLUMN "first_answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD COLUMN "first_correct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_item_stats" ADD CONSTRAINT "question_item_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_item_stats" ADD CONSTRAINT "question_item_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_stats_dirty" ADD CONSTRAINT "question_stats_dirty_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_item_stats_facility_idx" ON "question_item_stats" USING btree ("product_id","facility","question_id") WHERE "question_item_stats"."facility" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "question_item_stats_discrimination_idx" ON "question_item_stats" USING btree ("product_id","discrimination","question_id") WHERE "question_item_stats"."discrimination" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "question_item_stats_n_idx" ON "question_item_stats" USING btree ("product_id","n","question_id");--> statement-breakpoint
CREATE INDEX "question_item_stats_computed_idx" ON "question_item_stats" USING btree ("computed_at");--> statement-breakpoint
CREATE INDEX "question_search_check_status_idx" ON "question_search" USING btree ("product_id","status","updated_at","question_id") WHERE "question_search"."needs_check";--> statement-breakpoint
CREATE INDEX "question_search_check_updated_idx" ON "question_search" USING btree ("product_id","updated_at","question_id") WHERE "question_search"."needs_check";--> statement-breakpoint
CREATE INDEX "learner_questions_first_idx" ON "learner_questions" USING btree ("question_id") WHERE "learner_questions"."first_choice_id" IS NOT NULL;--> statement-breakpoint
-- Item statistics (decision 0030). First answers recorded before this migration are scored by the key of the
-- version learners get now (the published one, else the current one): the tests that pinned them are not read.
UPDATE "learner_questions" lq SET "first_correct" = (lq."first_choice_id" = v."correct_choice_id")
FROM "questions" q JOIN "question_versions" v ON v."id" = coalesce(q."published_version_id", q."current_version_id")
WHERE q."id" = lq."question_id" AND lq."first_choice_id" IS NOT NULL;--> statement-breakpoint
UPDATE "learner_questions" SET "first_correct" = false
WHERE "first_choice_id" IS NOT NULL AND "first_correct" IS NULL;--> statement-breakpoint
UPDATE "learner_stats" ls SET "first_answered" = f.answered, "first_correct" = f.correct
FROM (
  SELECT "user_id", "product_id", count(*)::int AS answered, (count(*) FILTER (WHERE "first_correct"))::int AS correct
  FROM "learner_questions" WHERE "first_choice_id" IS NOT NULL GROUP BY "user_id", "product_id"
) f
WHERE ls."user_id" = f."user_id" AND ls."product_id" = f."product_id";--> statement-breakpoint
-- Every question answered so far waits for its first figures.
INSERT INTO "question_stats_dirty" ("question_id") SELECT "question_id" FROM "question_shares"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A new published version may have another key: its figures are scored again (only a question that has them).
CREATE FUNCTION "question_item_stats_rekey"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "question_stats_dirty" ("question_id")
  SELECT NEW."id" WHERE EXISTS (SELECT 1 FROM "question_item_stats" WHERE "question_id" = NEW."id")
  ON CONFLICT ("question_id") DO UPDATE SET "seq" = "question_stats_dirty"."seq" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "questions_item_stats_rekey" AFTER UPDATE ON "questions"
  FOR EACH ROW WHEN (OLD."published_version_id" IS DISTINCT FROM NEW."published_version_id")
  EXECUTE FUNCTION "question_item_stats_rekey"();
