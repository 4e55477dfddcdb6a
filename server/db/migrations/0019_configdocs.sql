CREATE TABLE "config_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"head_version" integer NOT NULL,
	"published_version" integer NOT NULL,
	"seed_hash" text NOT NULL,
	"upstream_version" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"body" json NOT NULL,
	"hash" text NOT NULL,
	"author_id" integer,
	"note" text,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_versions" ADD CONSTRAINT "config_versions_document_id_config_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."config_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_documents_kind_name_idx" ON "config_documents" USING btree ("kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "config_versions_doc_version_idx" ON "config_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "config_versions_hash_idx" ON "config_versions" USING btree ("hash");