DROP INDEX "tests_running_timed_idx";--> statement-breakpoint
CREATE INDEX "tests_running_timed_idx" ON "tests" USING btree ("id") WHERE "tests"."status" = 'IN_PROGRESS' AND "tests"."mode" = 'TIMED';--> statement-breakpoint
-- Room on each page for the new versions of rows that every action updates, so those updates stay on the
-- page (HOT: no new index entries). Applies to pages written from now on.
ALTER TABLE "tests" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "test_questions" SET (fillfactor = 80);
