CREATE TABLE "learner_subject_stats" (
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learner_subject_stats_product_id_user_id_subject_id_pk" PRIMARY KEY("product_id","user_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "learner_weeks" (
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learner_weeks_product_id_user_id_week_pk" PRIMARY KEY("product_id","user_id","week")
);
--> statement-breakpoint
ALTER TABLE "learner_subject_stats" ADD CONSTRAINT "learner_subject_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_subject_stats" ADD CONSTRAINT "learner_subject_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_subject_stats" ADD CONSTRAINT "learner_subject_stats_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_weeks" ADD CONSTRAINT "learner_weeks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_weeks" ADD CONSTRAINT "learner_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tests_product_finished_idx" ON "tests" USING btree ("product_id","finished_at") WHERE "tests"."status" = 'COMPLETED';--> statement-breakpoint
-- Performance tracking's read model (docs/performance.md), kept in the transaction of every write of
-- learner_questions by statement triggers over the rows the statement changed: recording a test's answers or
-- creating a test is one statement, so one upsert per subject (or week) touched, whatever the number of rows.
-- A student's latest answers by subject: an answer recorded for the first time adds to `answered`, a right one
-- to `correct`, a right answer turned wrong takes one away. The subject is where the question stands then: its
-- published version's place in the test pool, or its current version's before the pool has it (the pool is kept
-- by a deferred trigger, so a question published in the same transaction is not in it yet, as in the seed).
CREATE FUNCTION "learner_subject_stats_from_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "learner_subject_stats" AS s ("product_id", "user_id", "subject_id", "answered", "correct")
  SELECT n."product_id", n."user_id", c."subject_id",
    count(*) FILTER (WHERE o."last_correct" IS NULL) - count(*) FILTER (WHERE n."last_correct" IS NULL),
    count(*) FILTER (WHERE n."last_correct") - count(*) FILTER (WHERE o."last_correct")
  FROM "new_rows" n
  JOIN "old_rows" o ON o."user_id" = n."user_id" AND o."question_id" = n."question_id"
  JOIN "questions" q ON q."id" = n."question_id"
  LEFT JOIN "question_pool" p ON p."question_id" = n."question_id"
  LEFT JOIN "question_versions" v ON v."id" = q."current_version_id"
  JOIN "subcategories" sc ON sc."id" = coalesce(p."subcategory_id", v."subcategory_id")
  JOIN "categories" c ON c."id" = sc."category_id"
  WHERE o."last_correct" IS DISTINCT FROM n."last_correct"
  GROUP BY 1, 2, 3
  ON CONFLICT ("product_id", "user_id", "subject_id") DO UPDATE SET
    "answered" = s."answered" + excluded."answered", "correct" = s."correct" + excluded."correct";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "learner_subject_stats_update" AFTER UPDATE ON "learner_questions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "learner_subject_stats_from_update"();--> statement-breakpoint
-- Questions drawn into a test for the first time: the week's questions used (and an answer, were one written
-- with the row).
CREATE FUNCTION "learner_weeks_from_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "learner_weeks" AS w ("product_id", "user_id", "week", "used")
  SELECT n."product_id", n."user_id", date_trunc('week', n."used_at" AT TIME ZONE 'UTC')::date, count(*)
  FROM "new_rows" n GROUP BY 1, 2, 3
  ON CONFLICT ("product_id", "user_id", "week") DO UPDATE SET "used" = w."used" + excluded."used";
  INSERT INTO "learner_subject_stats" AS s ("product_id", "user_id", "subject_id", "answered", "correct")
  SELECT n."product_id", n."user_id", c."subject_id", count(*), count(*) FILTER (WHERE n."last_correct")
  FROM "new_rows" n
  JOIN "questions" q ON q."id" = n."question_id"
  LEFT JOIN "question_pool" p ON p."question_id" = n."question_id"
  LEFT JOIN "question_versions" v ON v."id" = q."current_version_id"
  JOIN "subcategories" sc ON sc."id" = coalesce(p."subcategory_id", v."subcategory_id")
  JOIN "categories" c ON c."id" = sc."category_id"
  WHERE n."last_correct" IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT ("product_id", "user_id", "subject_id") DO UPDATE SET
    "answered" = s."answered" + excluded."answered", "correct" = s."correct" + excluded."correct";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "learner_weeks_insert" AFTER INSERT ON "learner_questions"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "learner_weeks_from_insert"();--> statement-breakpoint
-- Rows deleted (a question deleted): their answers leave the subject's figures. Only rows still there are
-- changed, never inserted: a user or product being deleted takes its figures with it.
CREATE FUNCTION "learner_subject_stats_from_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "learner_subject_stats" s SET "answered" = s."answered" - d."answered", "correct" = s."correct" - d."correct"
  FROM (
    SELECT o."product_id", o."user_id", c."subject_id", count(*) AS "answered",
      count(*) FILTER (WHERE o."last_correct") AS "correct"
    FROM "old_rows" o
    JOIN "questions" q ON q."id" = o."question_id"
    LEFT JOIN "question_pool" p ON p."question_id" = o."question_id"
    LEFT JOIN "question_versions" v ON v."id" = q."current_version_id"
    JOIN "subcategories" sc ON sc."id" = coalesce(p."subcategory_id", v."subcategory_id")
    JOIN "categories" c ON c."id" = sc."category_id"
    WHERE o."last_correct" IS NOT NULL
    GROUP BY 1, 2, 3
  ) d
  WHERE s."product_id" = d."product_id" AND s."user_id" = d."user_id" AND s."subject_id" = d."subject_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "learner_subject_stats_delete" AFTER DELETE ON "learner_questions"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "learner_subject_stats_from_delete"();--> statement-breakpoint
-- The history so far.
INSERT INTO "learner_subject_stats" ("product_id", "user_id", "subject_id", "answered", "correct")
SELECT lq."product_id", lq."user_id", c."subject_id", count(*), count(*) FILTER (WHERE lq."last_correct")
FROM "learner_questions" lq
JOIN "questions" q ON q."id" = lq."question_id"
LEFT JOIN "question_pool" p ON p."question_id" = lq."question_id"
LEFT JOIN "question_versions" v ON v."id" = q."current_version_id"
JOIN "subcategories" sc ON sc."id" = coalesce(p."subcategory_id", v."subcategory_id")
JOIN "categories" c ON c."id" = sc."category_id"
WHERE lq."last_correct" IS NOT NULL
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "learner_weeks" ("product_id", "user_id", "week", "used")
SELECT "product_id", "user_id", date_trunc('week', "used_at" AT TIME ZONE 'UTC')::date, count(*)
FROM "learner_questions" GROUP BY 1, 2, 3;
