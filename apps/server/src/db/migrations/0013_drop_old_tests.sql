DROP TABLE "test_questions" CASCADE;--> statement-breakpoint
DROP TABLE "tests" CASCADE;