ALTER TABLE "question_counts" DROP CONSTRAINT "question_counts_product_id_author_id_status_pk";--> statement-breakpoint
ALTER TABLE "question_counts" ADD COLUMN "subcategory_id" uuid;--> statement-breakpoint
ALTER TABLE "question_counts" ADD CONSTRAINT "question_counts_key" UNIQUE NULLS NOT DISTINCT("product_id","author_id","status","subcategory_id");--> statement-breakpoint
-- Counted again, now per subcategory as well.
DELETE FROM "question_counts";--> statement-breakpoint
INSERT INTO "question_counts" ("product_id", "author_id", "status", "subcategory_id", "n")
SELECT q."product_id", q."author_id", v."status", v."subcategory_id", count(*)::int
FROM "questions" q JOIN "question_versions" v ON v."id" = q."current_version_id"
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- A subcategory that goes takes its questions' placement with it (question_versions.subcategory_id is set to
-- null by its foreign key): its counts join the unfiled ones in the same statement.
CREATE FUNCTION "question_counts_unfile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "question_counts" ("product_id", "author_id", "status", "subcategory_id", "n")
  SELECT "product_id", "author_id", "status", NULL, "n" FROM "question_counts" WHERE "subcategory_id" = OLD."id"
  ON CONFLICT ("product_id", "author_id", "status", "subcategory_id")
    DO UPDATE SET "n" = "question_counts"."n" + excluded."n";
  DELETE FROM "question_counts" WHERE "subcategory_id" = OLD."id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subcategories_unfile_counts" BEFORE DELETE ON "subcategories"
  FOR EACH ROW EXECUTE FUNCTION "question_counts_unfile"();
