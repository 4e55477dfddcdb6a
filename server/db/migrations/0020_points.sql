CREATE TABLE "points_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_balance_nonneg" CHECK ("points_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_checkins" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_checkins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"ref_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_amount_ck" CHECK ("points_entries"."amount" <> 0 and "points_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"exchange_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"points" integer NOT NULL,
	"cash" integer NOT NULL,
	"status" text NOT NULL,
	"address" jsonb,
	"idempotency_key" text NOT NULL,
	"payment_no" text,
	"pay_status" text,
	"pay_deadline" timestamp with time zone,
	"close_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "points_exchanges_exchange_no_unique" UNIQUE("exchange_no"),
	CONSTRAINT "points_exchanges_qty_ck" CHECK ("points_exchanges"."quantity" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "points_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name_zhhk" text NOT NULL,
	"name_zhcn" text NOT NULL,
	"name_zhtw" text NOT NULL,
	"desc_zhhk" text NOT NULL,
	"desc_zhcn" text NOT NULL,
	"desc_zhtw" text NOT NULL,
	"image" text NOT NULL,
	"points" integer NOT NULL,
	"cash" integer DEFAULT 0 NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"coupon_code" text,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_goods_code_unique" UNIQUE("code"),
	CONSTRAINT "points_goods_stock_nonneg" CHECK ("points_goods"."stock" >= 0),
	CONSTRAINT "points_goods_price_ck" CHECK ("points_goods"."points" > 0 and "points_goods"."cash" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_consultations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"sender" text NOT NULL,
	"operator_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_consultations_sender_ck" CHECK ("shop_consultations"."sender" in ('buyer', 'merchant'))
);
--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_checkins" ADD CONSTRAINT "points_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_goods_id_points_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."points_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_consultations" ADD CONSTRAINT "shop_consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_idem_uq" ON "points_entries" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "points_entries_user_idx" ON "points_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_exchanges_idem_uq" ON "points_exchanges" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "points_exchanges_user_idx" ON "points_exchanges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "shop_consultations_order_idx" ON "shop_consultations" USING btree ("order_id","id");