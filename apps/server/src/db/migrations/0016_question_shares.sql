CREATE TABLE "question_shares" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_shares" ADD CONSTRAINT "question_shares_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts kept so far, one row per question (0017 drops the old table of one row per choice).
INSERT INTO "question_shares" ("question_id", "counts")
SELECT "question_id", jsonb_object_agg("choice_id", "n") FROM "question_choice_stats" GROUP BY "question_id";
