ALTER TABLE "learner_stats" ADD COLUMN "questions_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD COLUMN "tests_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
-- The figures of learners who took tests before: questions drawn, tests started, the last start or finish.
INSERT INTO "learner_stats" ("user_id", "product_id", "questions_used", "tests_taken", "last_active_at")
SELECT t.user_id, t.product_id,
  (SELECT count(*) FROM "learner_questions" lq WHERE lq.user_id = t.user_id AND lq.product_id = t.product_id),
  count(*), max(greatest(t.created_at, coalesce(t.finished_at, t.created_at)))
FROM "tests" t GROUP BY t.user_id, t.product_id
ON CONFLICT ("user_id", "product_id") DO UPDATE SET
  "questions_used" = excluded.questions_used,
  "tests_taken" = excluded.tests_taken,
  "last_active_at" = excluded.last_active_at;
