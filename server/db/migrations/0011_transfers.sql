CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed_key" text NOT NULL,
	"person_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"date" text NOT NULL,
	"from_team_id" integer,
	"to_team_id" integer,
	CONSTRAINT "transfers_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE INDEX "transfers_person_idx" ON "transfers" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "transfers_from_idx" ON "transfers" USING btree ("from_team_id");--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("to_team_id");