CREATE TABLE "shop_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"receiver" text NOT NULL,
	"area_code" text NOT NULL,
	"phone" text NOT NULL,
	"region" jsonb NOT NULL,
	"detail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zhhk" text NOT NULL,
	"title_zhcn" text NOT NULL,
	"title_zhtw" text NOT NULL,
	"image" text NOT NULL,
	"link" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_cart_quantity_ck" CHECK ("shop_cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zhhk" text NOT NULL,
	"name_zhcn" text NOT NULL,
	"name_zhtw" text NOT NULL,
	"icon" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "shop_collects" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_collects_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "shop_hot_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word_zhhk" text NOT NULL,
	"word_zhcn" text NOT NULL,
	"word_zhtw" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"category_id" integer NOT NULL,
	"team_id" integer,
	"name_zhhk" text NOT NULL,
	"name_zhcn" text NOT NULL,
	"name_zhtw" text NOT NULL,
	"desc_zhhk" text NOT NULL,
	"desc_zhcn" text NOT NULL,
	"desc_zhtw" text NOT NULL,
	"image" text NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_products_code_unique" UNIQUE("code"),
	CONSTRAINT "shop_products_price_ck" CHECK ("shop_products"."price" >= 0 and "shop_products"."original_price" >= "shop_products"."price")
);
--> statement-breakpoint
CREATE TABLE "shop_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku_id" integer,
	"user_id" integer NOT NULL,
	"order_item_id" integer,
	"stars" smallint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_reviews_stars_ck" CHECK ("shop_reviews"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "shop_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color_zhhk" text DEFAULT '' NOT NULL,
	"color_zhcn" text DEFAULT '' NOT NULL,
	"color_zhtw" text DEFAULT '' NOT NULL,
	"color_hex" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_skus_code_unique" UNIQUE("code"),
	CONSTRAINT "shop_skus_stock_ck" CHECK ("shop_skus"."stock" >= 0),
	CONSTRAINT "shop_skus_price_ck" CHECK ("shop_skus"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_views" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_views_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "shop_addresses" ADD CONSTRAINT "shop_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_sku_id_shop_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."shop_skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_collects" ADD CONSTRAINT "shop_collects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_collects" ADD CONSTRAINT "shop_collects_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_images" ADD CONSTRAINT "shop_product_images_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_category_id_shop_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_sku_id_shop_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."shop_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reviews" ADD CONSTRAINT "shop_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_views" ADD CONSTRAINT "shop_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_views" ADD CONSTRAINT "shop_views_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_addresses_user_idx" ON "shop_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_addresses_one_default_uq" ON "shop_addresses" USING btree ("user_id") WHERE "shop_addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "shop_cart_user_sku_uq" ON "shop_cart_items" USING btree ("user_id","sku_id");--> statement-breakpoint
CREATE INDEX "shop_collects_user_idx" ON "shop_collects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_product_images_product_idx" ON "shop_product_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "shop_products_category_idx" ON "shop_products" USING btree ("category_id","status");--> statement-breakpoint
CREATE INDEX "shop_products_created_idx" ON "shop_products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shop_reviews_product_idx" ON "shop_reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_reviews_item_uq" ON "shop_reviews" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "shop_skus_product_idx" ON "shop_skus" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "shop_views_user_idx" ON "shop_views" USING btree ("user_id","viewed_at");