CREATE TABLE "fulfilled_checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"fulfilled_at" timestamp with time zone DEFAULT now() NOT NULL
);
