CREATE TABLE "shop_after_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_status_before" text NOT NULL,
	"reject_reason" text,
	"return_carrier" text,
	"return_tracking_no" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "shop_after_sales_after_no_unique" UNIQUE("after_no"),
	CONSTRAINT "shop_after_sales_amount_ck" CHECK ("shop_after_sales"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"after_sale_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"provider_txn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_refunds_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "shop_refunds_amount_ck" CHECK ("shop_refunds"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zhhk" text NOT NULL,
	"name_zhcn" text NOT NULL,
	"name_zhtw" text NOT NULL,
	"threshold" integer NOT NULL,
	"discount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "shop_coupons_amount_ck" CHECK ("shop_coupons"."discount" > 0 and "shop_coupons"."threshold" >= "shop_coupons"."discount")
);
--> statement-breakpoint
CREATE TABLE "shop_user_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone,
	"source" text DEFAULT 'seed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_user_coupons_status_ck" CHECK ("shop_user_coupons"."status" in ('unused', 'used'))
);
--> statement-breakpoint
ALTER TABLE "shop_after_sales" ADD CONSTRAINT "shop_after_sales_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_after_sales" ADD CONSTRAINT "shop_after_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_after_sale_id_shop_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."shop_after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_payment_id_shop_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."shop_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_user_coupons" ADD CONSTRAINT "shop_user_coupons_coupon_id_shop_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."shop_coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_user_coupons" ADD CONSTRAINT "shop_user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_user_coupons" ADD CONSTRAINT "shop_user_coupons_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_after_sales_user_key_uq" ON "shop_after_sales" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_after_sales_open_uq" ON "shop_after_sales" USING btree ("order_id") WHERE "shop_after_sales"."status" in ('pending', 'waiting_receipt');--> statement-breakpoint
CREATE INDEX "shop_after_sales_user_idx" ON "shop_after_sales" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "shop_after_sales_status_idx" ON "shop_after_sales" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_refunds_after_sale_uq" ON "shop_refunds" USING btree ("after_sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_refunds_order_uq" ON "shop_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_user_coupons_user_idx" ON "shop_user_coupons" USING btree ("user_id","status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_user_coupons_order_uq" ON "shop_user_coupons" USING btree ("order_id");