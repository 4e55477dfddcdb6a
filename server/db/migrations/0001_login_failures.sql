CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_target_idx" ON "login_failures" USING btree ("target","created_at");