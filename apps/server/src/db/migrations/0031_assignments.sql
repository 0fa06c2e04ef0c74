CREATE TABLE "assignment_cohorts" (
	"assignment_id" uuid NOT NULL,
	"cohort_id" uuid NOT NULL,
	CONSTRAINT "assignment_cohorts_assignment_id_cohort_id_pk" PRIMARY KEY("assignment_id","cohort_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_students" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "assignment_students_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"name" text NOT NULL,
	"spec" jsonb NOT NULL,
	"question_ids" jsonb,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"late_policy" text NOT NULL,
	"late_until" timestamp with time zone,
	"attempts_allowed" integer NOT NULL,
	"answers_shown" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "assignment_id" uuid;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_cohorts" ADD CONSTRAINT "assignment_cohorts_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_cohorts" ADD CONSTRAINT "assignment_cohorts_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_students" ADD CONSTRAINT "assignment_students_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_students" ADD CONSTRAINT "assignment_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_template_id_test_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."test_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_cohorts_cohort_idx" ON "assignment_cohorts" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "assignment_students_user_idx" ON "assignment_students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignments_product_closes_idx" ON "assignments" USING btree ("product_id","closes_at","id");--> statement-breakpoint
CREATE INDEX "assignments_template_idx" ON "assignments" USING btree ("template_id");--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tests_open_ends_idx" ON "tests" USING btree ("ends_at") WHERE "tests"."status" <> 'COMPLETED' AND "tests"."ends_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tests_assignment_user_idx" ON "tests" USING btree ("assignment_id","user_id") WHERE "tests"."assignment_id" IS NOT NULL;