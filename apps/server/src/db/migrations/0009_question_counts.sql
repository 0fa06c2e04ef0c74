CREATE TABLE "question_counts" (
	"product_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_counts_product_id_author_id_status_pk" PRIMARY KEY("product_id","author_id","status")
);
--> statement-breakpoint
ALTER TABLE "question_counts" ADD CONSTRAINT "question_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_counts" ADD CONSTRAINT "question_counts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "question_counts" ("product_id", "author_id", "status", "n")
SELECT q."product_id", q."author_id", v."status", count(*)::int
FROM "questions" q JOIN "question_versions" v ON v."id" = q."current_version_id"
GROUP BY 1, 2, 3;
