-- An uploaded question file (up to 50 MB) and its preview are written once and read once or twice: compressing
-- them (pglz, PostgreSQL's default for large values) cost the database more CPU than the rest of the upload, on
-- the cores every other request needs (docs/decisions/0024-imports-off-the-event-loop.md). Stored out of line,
-- uncompressed: disk is cheap here, and the bytes are gone once the import ends.
ALTER TABLE "question_imports" ALTER COLUMN "file" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "question_imports" ALTER COLUMN "preview" SET STORAGE EXTERNAL;
