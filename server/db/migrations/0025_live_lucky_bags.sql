CREATE TABLE "live_lucky_bag_entries" (
	"bag_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_lucky_bag_entries_bag_id_user_id_pk" PRIMARY KEY("bag_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_lucky_bags" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"total" integer NOT NULL,
	"shares" integer NOT NULL,
	"mode" text NOT NULL,
	"tap_id" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_lucky_bag_entries" ADD CONSTRAINT "live_lucky_bag_entries_bag_id_live_lucky_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."live_lucky_bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lucky_bag_entries" ADD CONSTRAINT "live_lucky_bag_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lucky_bags" ADD CONSTRAINT "live_lucky_bags_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lucky_bags" ADD CONSTRAINT "live_lucky_bags_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_lucky_bags_tap_uq" ON "live_lucky_bags" USING btree ("creator_id","tap_id");--> statement-breakpoint
CREATE INDEX "live_lucky_bags_room_idx" ON "live_lucky_bags" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "live_lucky_bags_due_idx" ON "live_lucky_bags" USING btree ("status","ends_at");