CREATE TABLE "store_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "store_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Raised once per writing statement (not per row), inside the writer's transaction: a reader that sees the new
-- version sees the write, and a bulk update costs one bump.
CREATE FUNCTION "bump_store_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "store_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_store_version" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_store_version"();--> statement-breakpoint
CREATE TRIGGER "products_store_version_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_store_version"();--> statement-breakpoint
CREATE TRIGGER "billing_plans_store_version" AFTER INSERT OR UPDATE OR DELETE ON "billing_plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_store_version"();--> statement-breakpoint
CREATE TRIGGER "billing_plans_store_version_truncate" AFTER TRUNCATE ON "billing_plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_store_version"();
