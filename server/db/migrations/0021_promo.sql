CREATE TABLE "promo_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sharer_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"base_cents" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "promo_commissions_state" CHECK ("promo_commissions"."state" in ('pending', 'credited', 'reversed', 'void')),
	CONSTRAINT "promo_commissions_amount_nonneg" CHECK ("promo_commissions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_share_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_share_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_account_kind";--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "sharer_id" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "account" text DEFAULT 'income' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_commissions" ADD CONSTRAINT "promo_commissions_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_commissions" ADD CONSTRAINT "promo_commissions_sharer_id_users_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_share_codes" ADD CONSTRAINT "promo_share_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_commissions_order_uq" ON "promo_commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promo_commissions_sharer_idx" ON "promo_commissions" USING btree ("sharer_id","id");--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_account_kind" CHECK ("wallet_accounts"."account" in ('coins', 'income', 'ecommerce'));