CREATE TABLE "assignment_first_totals" (
	"assignment_id" uuid PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"sum" bigint NOT NULL,
	"sum_squares" bigint NOT NULL,
	"items" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_item_sums" (
	"assignment_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"choice_id" uuid NOT NULL,
	"first_position" integer NOT NULL,
	"version_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"sc" bigint NOT NULL,
	"sr" bigint NOT NULL,
	"srr" bigint NOT NULL,
	"scr" bigint NOT NULL,
	CONSTRAINT "assignment_item_sums_assignment_id_question_id_choice_id_pk" PRIMARY KEY("assignment_id","question_id","choice_id")
);
--> statement-breakpoint
ALTER TABLE "assignment_first_totals" ADD CONSTRAINT "assignment_first_totals_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_item_sums" ADD CONSTRAINT "assignment_item_sums_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_item_sums" ADD CONSTRAINT "assignment_item_sums_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The sums of the first attempts finished before this migration (docs/assignments.md): each student's first
-- finished attempt at each assignment, per question and chosen choice (the nil UUID: left blank).
WITH firsts AS (
  SELECT DISTINCT ON (assignment_id, user_id) id, assignment_id, coalesce(correct, 0) AS total, num_questions
  FROM tests WHERE assignment_id IS NOT NULL AND status = 'COMPLETED'
  ORDER BY assignment_id, user_id, finished_at, id
)
INSERT INTO "assignment_item_sums" ("assignment_id", "question_id", "choice_id", "first_position", "version_id",
  "n", "sc", "sr", "srr", "scr")
SELECT f.assignment_id, tq.question_id, coalesce(tq.selected_choice_id, '00000000-0000-0000-0000-000000000000'),
  min(tq.position), max(tq.question_version_id::text)::uuid, count(*), sum(x.c), sum(f.total - x.c),
  sum((f.total - x.c) * (f.total - x.c)), sum(x.c * (f.total - x.c))
FROM firsts f JOIN test_questions tq ON tq.test_id = f.id
CROSS JOIN LATERAL (SELECT CASE WHEN tq.correct THEN 1 ELSE 0 END AS c) x
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "assignment_first_totals" ("assignment_id", "n", "sum", "sum_squares", "items")
SELECT assignment_id, count(*), sum(total), sum(total * total), max(num_questions)
FROM (
  SELECT DISTINCT ON (assignment_id, user_id) assignment_id, coalesce(correct, 0) AS total, num_questions
  FROM tests WHERE assignment_id IS NOT NULL AND status = 'COMPLETED'
  ORDER BY assignment_id, user_id, finished_at, id
) f
GROUP BY assignment_id;
