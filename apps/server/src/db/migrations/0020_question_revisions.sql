CREATE TABLE "question_pool_counts" (
	"product_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_pool_counts_key" UNIQUE NULLS NOT DISTINCT("product_id","subcategory_id")
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "published_version_id" uuid;--> statement-breakpoint
ALTER TABLE "question_pool_counts" ADD CONSTRAINT "question_pool_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Revisions of published questions (decision 0028). `published_version_id` is the version learners get: a save
-- whose version is PUBLISHED moves it there, a DELETED one clears it, any other status (a revision in the
-- workflow) leaves it where it was. The pool, which test draws, browsing and the counts read, follows it
-- instead of the current version. Still a deferred constraint trigger (a question and its first version are
-- written in one transaction, the question first); it reads the version its event named (NEW), so two moves in
-- one transaction are taken in their order.
CREATE OR REPLACE FUNCTION "question_pool_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  st text;
  pub uuid;
BEGIN
  SELECT "published_version_id" INTO pub FROM "questions" WHERE "id" = NEW."id";
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT "status" INTO st FROM "question_versions" WHERE "id" = NEW."current_version_id";
  IF st = 'PUBLISHED' THEN
    pub := NEW."current_version_id";
  ELSIF st = 'DELETED' THEN
    pub := NULL;
  END IF;
  UPDATE "questions" SET "published_version_id" = pub
  WHERE "id" = NEW."id" AND "published_version_id" IS DISTINCT FROM pub;
  IF pub IS NULL THEN
    DELETE FROM "question_pool" WHERE "question_id" = NEW."id";
  ELSE
    INSERT INTO "question_pool" ("question_id", "product_id", "subcategory_id", "version_id", "free_sample")
    SELECT NEW."id", NEW."product_id", v."subcategory_id", v."id", v."free_sample"
    FROM "question_versions" v WHERE v."id" = pub
    ON CONFLICT ("question_id") DO UPDATE SET
      "subcategory_id" = excluded."subcategory_id",
      "version_id" = excluded."version_id",
      "free_sample" = excluded."free_sample";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The pool counted per product and subcategory, whatever moves a row: a publication, a deletion, a deleted
-- subcategory (the foreign key sets the pool's null), a deleted product.
CREATE FUNCTION "question_pool_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "question_pool_counts" SET "n" = greatest("n" - 1, 0)
    WHERE "product_id" = OLD."product_id" AND "subcategory_id" IS NOT DISTINCT FROM OLD."subcategory_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "question_pool_counts" ("product_id", "subcategory_id", "n")
    VALUES (NEW."product_id", NEW."subcategory_id", 1)
    ON CONFLICT ("product_id", "subcategory_id") DO UPDATE SET "n" = "question_pool_counts"."n" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "question_pool_count_rows" AFTER INSERT OR DELETE ON "question_pool"
  FOR EACH ROW EXECUTE FUNCTION "question_pool_count"();--> statement-breakpoint
CREATE TRIGGER "question_pool_count_moves" AFTER UPDATE OF "product_id", "subcategory_id" ON "question_pool"
  FOR EACH ROW WHEN (OLD."product_id" IS DISTINCT FROM NEW."product_id"
    OR OLD."subcategory_id" IS DISTINCT FROM NEW."subcategory_id")
  EXECUTE FUNCTION "question_pool_count"();--> statement-breakpoint
-- My Questions' search rows hold nothing of the published pointer: their trigger fires on the columns they hold.
DROP TRIGGER "questions_search_sync" ON "questions";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "questions_search_sync"
  AFTER INSERT OR UPDATE OF "product_id", "author_id", "current_version_id", "created_at", "updated_at" ON "questions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "question_search_sync"();--> statement-breakpoint
-- Today every published question's published version is its current one.
UPDATE "questions" q SET "published_version_id" = q."current_version_id"
FROM "question_versions" v WHERE v."id" = q."current_version_id" AND v."status" = 'PUBLISHED';--> statement-breakpoint
INSERT INTO "question_pool_counts" ("product_id", "subcategory_id", "n")
SELECT "product_id", "subcategory_id", count(*)::int FROM "question_pool" GROUP BY 1, 2;
