CREATE TABLE "user_ingestion_rows" (
	"ingestion_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"outcome" text,
	CONSTRAINT "user_ingestion_rows_ingestion_id_row_pk" PRIMARY KEY("ingestion_id","row")
);
--> statement-breakpoint
CREATE TABLE "user_ingestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"state" text DEFAULT 'PREVIEW' NOT NULL,
	"cohort_id" uuid,
	"preview" jsonb NOT NULL,
	"job_id" bigint,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_ingestion_rows" ADD CONSTRAINT "user_ingestion_rows_ingestion_id_user_ingestions_id_fk" FOREIGN KEY ("ingestion_id") REFERENCES "public"."user_ingestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ingestions" ADD CONSTRAINT "user_ingestions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ingestions" ADD CONSTRAINT "user_ingestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ingestions" ADD CONSTRAINT "user_ingestions_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_ingestions_product_idx" ON "user_ingestions" USING btree ("product_id","created_at");