CREATE TABLE "student_directory" (
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean NOT NULL,
	"access_hold" text,
	"access" text GENERATED ALWAYS AS (coalesce(access_hold, CASE WHEN active THEN 'ACTIVE' ELSE 'ENDED' END)) STORED NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"questions_used" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"pct" double precision GENERATED ALWAYS AS (correct::float8 / nullif(answered, 0)) STORED,
	"tests_taken" integer DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone,
	CONSTRAINT "student_directory_product_id_user_id_pk" PRIMARY KEY("product_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "student_directory_counts" (
	"product_id" uuid NOT NULL,
	"access" text NOT NULL,
	"type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_directory_counts_product_id_access_type_pk" PRIMARY KEY("product_id","access","type")
);
--> statement-breakpoint
ALTER TABLE "student_directory" ADD CONSTRAINT "student_directory_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_directory" ADD CONSTRAINT "student_directory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_directory_counts" ADD CONSTRAINT "student_directory_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_directory_name_idx" ON "student_directory" USING btree ("product_id",lower(last_name),lower(first_name),"user_id");--> statement-breakpoint
CREATE INDEX "student_directory_email_idx" ON "student_directory" USING btree ("product_id",lower(email),"user_id");--> statement-breakpoint
CREATE INDEX "student_directory_type_idx" ON "student_directory" USING btree ("product_id","type","user_id");--> statement-breakpoint
CREATE INDEX "student_directory_used_idx" ON "student_directory" USING btree ("product_id","questions_used","user_id");--> statement-breakpoint
CREATE INDEX "student_directory_tests_idx" ON "student_directory" USING btree ("product_id","tests_taken","user_id");--> statement-breakpoint
CREATE INDEX "student_directory_pct_asc_idx" ON "student_directory" USING btree ("product_id","pct","user_id");--> statement-breakpoint
CREATE INDEX "student_directory_pct_desc_idx" ON "student_directory" USING btree ("product_id","pct" DESC NULLS LAST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "student_directory_active_asc_idx" ON "student_directory" USING btree ("product_id","last_active_at","user_id");--> statement-breakpoint
CREATE INDEX "student_directory_active_desc_idx" ON "student_directory" USING btree ("product_id","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "student_directory_user_idx" ON "student_directory" USING btree ("user_id");--> statement-breakpoint

-- The Students list's read model, kept whatever writes its sources. A subscription with the student role has a
-- row; one without (or gone) has none. Its user's names and e-mail, and its learner_stats figures, follow.
CREATE FUNCTION "student_directory_from_subscription"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND (TG_OP = 'DELETE' OR NOT NEW."student"
      OR OLD."product_id" <> NEW."product_id" OR OLD."user_id" <> NEW."user_id") THEN
    DELETE FROM "student_directory" WHERE "product_id" = OLD."product_id" AND "user_id" = OLD."user_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."student" THEN
    INSERT INTO "student_directory" ("product_id", "user_id", "first_name", "last_name", "email", "type", "active",
      "access_hold", "joined_at", "questions_used", "answered", "correct", "tests_taken", "last_active_at")
    SELECT NEW."product_id", NEW."user_id", u."first_name", u."last_name", u."email", NEW."type", NEW."active",
      NEW."access_hold", NEW."created_at", coalesce(ls."questions_used", 0), coalesce(ls."answered", 0),
      coalesce(ls."correct", 0), coalesce(ls."tests_taken", 0), ls."last_active_at"
    FROM "users" u
    LEFT JOIN "learner_stats" ls ON ls."user_id" = NEW."user_id" AND ls."product_id" = NEW."product_id"
    WHERE u."id" = NEW."user_id"
    ON CONFLICT ("product_id", "user_id") DO UPDATE SET
      "type" = excluded."type", "active" = excluded."active", "access_hold" = excluded."access_hold",
      "joined_at" = excluded."joined_at";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "student_directory_subscriptions" AFTER INSERT OR DELETE OR UPDATE OF "student", "type", "active",
  "access_hold", "created_at", "product_id", "user_id" ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "student_directory_from_subscription"();--> statement-breakpoint
CREATE FUNCTION "student_directory_from_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "student_directory" SET "first_name" = NEW."first_name", "last_name" = NEW."last_name", "email" = NEW."email"
  WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "student_directory_users" AFTER UPDATE OF "first_name", "last_name", "email" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "student_directory_from_user"();--> statement-breakpoint
CREATE FUNCTION "student_directory_from_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "student_directory" SET "questions_used" = NEW."questions_used", "answered" = NEW."answered",
    "correct" = NEW."correct", "tests_taken" = NEW."tests_taken", "last_active_at" = NEW."last_active_at"
  WHERE "product_id" = NEW."product_id" AND "user_id" = NEW."user_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "student_directory_learner_stats" AFTER INSERT OR UPDATE ON "learner_stats"
  FOR EACH ROW EXECUTE FUNCTION "student_directory_from_stats"();--> statement-breakpoint
-- The list's totals by product, access and plan, moved by every row of the read model that comes, goes or
-- changes its access or plan.
CREATE FUNCTION "student_directory_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."access" = NEW."access" AND OLD."type" = NEW."type" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "student_directory_counts" SET "n" = greatest("n" - 1, 0)
    WHERE "product_id" = OLD."product_id" AND "access" = OLD."access" AND "type" = OLD."type";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "student_directory_counts" ("product_id", "access", "type", "n")
    VALUES (NEW."product_id", NEW."access", NEW."type", 1)
    ON CONFLICT ("product_id", "access", "type") DO UPDATE SET "n" = "student_directory_counts"."n" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "student_directory_counts" AFTER INSERT OR DELETE OR UPDATE ON "student_directory"
  FOR EACH ROW EXECUTE FUNCTION "student_directory_count"();--> statement-breakpoint
INSERT INTO "student_directory" ("product_id", "user_id", "first_name", "last_name", "email", "type", "active",
  "access_hold", "joined_at", "questions_used", "answered", "correct", "tests_taken", "last_active_at")
SELECT s."product_id", s."user_id", u."first_name", u."last_name", u."email", s."type", s."active", s."access_hold",
  s."created_at", coalesce(ls."questions_used", 0), coalesce(ls."answered", 0), coalesce(ls."correct", 0),
  coalesce(ls."tests_taken", 0), ls."last_active_at"
FROM "subscriptions" s JOIN "users" u ON u."id" = s."user_id"
LEFT JOIN "learner_stats" ls ON ls."user_id" = s."user_id" AND ls."product_id" = s."product_id"
WHERE s."student";
