CREATE TABLE "live_sanctions" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"until" timestamp with time zone,
	"by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sanctions_room_id_user_id_kind_pk" PRIMARY KEY("room_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "live_creators" ADD COLUMN "ban_reason" text;--> statement-breakpoint
ALTER TABLE "live_sanctions" ADD CONSTRAINT "live_sanctions_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sanctions" ADD CONSTRAINT "live_sanctions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_sanctions_user_idx" ON "live_sanctions" USING btree ("user_id");