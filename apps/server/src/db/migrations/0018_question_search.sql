CREATE TABLE "question_search" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"status" text NOT NULL,
	"subcategory_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "question_versions_search_idx";--> statement-breakpoint
ALTER TABLE "question_search" ADD CONSTRAINT "question_search_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_search" ADD CONSTRAINT "question_search_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_search_status_updated_idx" ON "question_search" USING btree ("product_id","status","updated_at","question_id");--> statement-breakpoint
CREATE INDEX "question_search_author_updated_idx" ON "question_search" USING btree ("product_id","author_id","status","updated_at","question_id");--> statement-breakpoint
CREATE INDEX "question_search_product_updated_idx" ON "question_search" USING btree ("product_id","updated_at","question_id");--> statement-breakpoint
CREATE INDEX "question_search_search_idx" ON "question_search" USING gin ("search");--> statement-breakpoint
-- My Questions' text search (decision 0025): one row per question with its current version's status, placement,
-- name and text, kept by a trigger whatever writes questions (the editor, imports, the seed, the bench
-- generator). A deferred constraint trigger, as question_pool's: a question and its first version are written
-- in one transaction, the question first, so at commit both exist. A version is never changed once written, so
-- only a change to the question (its pointer, its times) moves the row; a deleted subcategory is set null by
-- the foreign key, as in the versions.
-- Its vector is the version's lexemes (without positions), each led by the first two letters of the status
-- (PU, DR, NE, SU, DE: 'PUmurmur'), so the text index finds the words in one status only: a common word in a
-- status that has few of them costs what it finds, not the word's whole entry (db/text-search.ts,
-- statusTsQuery, writes the queries).
CREATE FUNCTION "question_search_vector"(status text, search tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_tsvector(ARRAY(SELECT left(status, 2) || l FROM unnest(tsvector_to_array(search)) l));--> statement-breakpoint
CREATE FUNCTION "question_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "question_search" ("question_id", "product_id", "author_id", "status", "subcategory_id", "name",
    "created_at", "updated_at", "search")
  SELECT q."id", q."product_id", q."author_id", v."status", v."subcategory_id", v."name", q."created_at",
    q."updated_at", "question_search_vector"(v."status", v."search")
  FROM "questions" q JOIN "question_versions" v ON v."id" = q."current_version_id"
  WHERE q."id" = NEW."id"
  ON CONFLICT ("question_id") DO UPDATE SET
    "product_id" = excluded."product_id",
    "author_id" = excluded."author_id",
    "status" = excluded."status",
    "subcategory_id" = excluded."subcategory_id",
    "name" = excluded."name",
    "created_at" = excluded."created_at",
    "updated_at" = excluded."updated_at",
    "search" = excluded."search";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "questions_search_sync" AFTER INSERT OR UPDATE ON "questions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "question_search_sync"();--> statement-breakpoint
INSERT INTO "question_search" ("question_id", "product_id", "author_id", "status", "subcategory_id", "name",
  "created_at", "updated_at", "search")
SELECT q."id", q."product_id", q."author_id", v."status", v."subcategory_id", v."name", q."created_at",
  q."updated_at", "question_search_vector"(v."status", v."search")
FROM "questions" q JOIN "question_versions" v ON v."id" = q."current_version_id";
