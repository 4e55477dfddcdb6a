CREATE TABLE "live_creators" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"granted_by" integer,
	"banned_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"gift_id" text NOT NULL,
	"price" integer NOT NULL,
	"creator_share" integer NOT NULL,
	"combo" integer DEFAULT 1 NOT NULL,
	"tap_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"title" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"match_id" integer,
	"status" text DEFAULT 'idle' NOT NULL,
	"stream_key" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_creators" ADD CONSTRAINT "live_creators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gifts" ADD CONSTRAINT "live_gifts_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gifts" ADD CONSTRAINT "live_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_gifts_tap_uq" ON "live_gifts" USING btree ("user_id","tap_id");--> statement-breakpoint
CREATE INDEX "live_gifts_room_idx" ON "live_gifts" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_rooms_key_uq" ON "live_rooms" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "live_rooms_status_idx" ON "live_rooms" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "live_rooms_creator_idx" ON "live_rooms" USING btree ("creator_id","id");