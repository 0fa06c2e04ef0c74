ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree ((lower("email") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_full_name_search_idx" ON "users" USING btree ((lower("first_name" || ' ' || "last_name") COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_last_name_search_idx" ON "users" USING btree ((lower("last_name") COLLATE "C"),"id");