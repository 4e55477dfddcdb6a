CREATE TABLE "search_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"user_id" integer,
	"hits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_logs_created_idx" ON "search_logs" USING btree ("created_at");