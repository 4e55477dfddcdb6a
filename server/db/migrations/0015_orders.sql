CREATE TABLE "shop_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shop_order_items_qty_ck" CHECK ("shop_order_items"."quantity" >= 1 and "shop_order_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"idempotency_key" text NOT NULL,
	"goods_amount" integer NOT NULL,
	"shipping_fee" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"pay_amount" integer NOT NULL,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"address" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"from_cart" integer DEFAULT 0 NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"auto_confirm_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"carrier" text,
	"tracking_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "shop_orders_amount_ck" CHECK ("shop_orders"."goods_amount" >= 0 and "shop_orders"."shipping_fee" >= 0 and "shop_orders"."discount" >= 0 and "shop_orders"."pay_amount" = "shop_orders"."goods_amount" + "shop_orders"."shipping_fee" - "shop_orders"."discount" and "shop_orders"."pay_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_txn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "shop_payments_payment_no_unique" UNIQUE("payment_no"),
	CONSTRAINT "shop_payments_amount_ck" CHECK ("shop_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "shop_order_events" ADD CONSTRAINT "shop_order_events_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_sku_id_shop_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."shop_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD CONSTRAINT "shop_payments_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_order_events_order_idx" ON "shop_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shop_order_items_order_idx" ON "shop_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_user_key_uq" ON "shop_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shop_orders_user_status_idx" ON "shop_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "shop_orders_deadline_idx" ON "shop_orders" USING btree ("pay_deadline") WHERE "shop_orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "shop_orders_confirm_idx" ON "shop_orders" USING btree ("auto_confirm_at") WHERE "shop_orders"."status" = 'pending_receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "shop_payments_order_key_uq" ON "shop_payments" USING btree ("order_id","idempotency_key");