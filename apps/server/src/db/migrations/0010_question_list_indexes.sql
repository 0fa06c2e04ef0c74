DROP INDEX "questions_author_idx";--> statement-breakpoint
DROP INDEX "questions_product_updated_idx";--> statement-breakpoint
CREATE INDEX "questions_product_created_idx" ON "questions" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_author_updated_idx" ON "questions" USING btree ("product_id","author_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "questions_product_updated_idx" ON "questions" USING btree ("product_id","updated_at","id");