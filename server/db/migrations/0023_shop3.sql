CREATE TABLE "points_user_perks" (
	"user_id" integer NOT NULL,
	"perk" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_user_perks_user_id_perk_pk" PRIMARY KEY("user_id","perk")
);
--> statement-breakpoint
DROP INDEX "shop_refunds_order_uq";--> statement-breakpoint
ALTER TABLE "shop_after_sales" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "share_product_id" integer;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD COLUMN "tracking_no" text;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_goods" ADD COLUMN "perk" text;--> statement-breakpoint
ALTER TABLE "points_goods" ADD COLUMN "perk_days" integer;--> statement-breakpoint
ALTER TABLE "points_user_perks" ADD CONSTRAINT "points_user_perks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_refunds_order_idx" ON "shop_refunds" USING btree ("order_id");