ALTER TABLE "live_creators" ADD COLUMN "gift_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "live_creators" SET "gift_value" = t.coins FROM (SELECT r.creator_id, sum(g.price) AS coins FROM "live_gifts" g JOIN "live_rooms" r ON r.id = g.room_id GROUP BY r.creator_id) t WHERE t.creator_id = "live_creators"."user_id";
