CREATE TABLE "expert_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"title_key" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_follows" (
	"user_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_follows_user_id_expert_id_pk" PRIMARY KEY("user_id","expert_id")
);
--> statement-breakpoint
CREATE TABLE "expert_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_stats" (
	"expert_id" integer PRIMARY KEY NOT NULL,
	"predicted_count" integer DEFAULT 0 NOT NULL,
	"predicted_hits" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"best_streak" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_matches" (
	"plan_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"picks" jsonb NOT NULL,
	"odds" jsonb NOT NULL,
	"handicap" text,
	"hit" boolean,
	CONSTRAINT "plan_matches_plan_id_match_id_pk" PRIMARY KEY("plan_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "plan_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"price" integer NOT NULL,
	"idempotency_key" text,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_price_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"price" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_price_configs_price_unique" UNIQUE("price")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"lottery" text NOT NULL,
	"play_type" text NOT NULL,
	"mode" text DEFAULT 'single' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"price" integer NOT NULL,
	"refund_if_not_red" boolean DEFAULT false NOT NULL,
	"stake" integer,
	"issue_num" text,
	"league_id" integer,
	"close_at" timestamp with time zone NOT NULL,
	"settle_state" smallint DEFAULT 0 NOT NULL,
	"hit" boolean,
	"buy_count" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"period" integer NOT NULL,
	"price" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"period" integer DEFAULT 1 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "expert_follows_expert_idx" ON "expert_follows" USING btree ("expert_id");--> statement-breakpoint
CREATE INDEX "expert_notices_user_idx" ON "expert_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_matches_match_idx" ON "plan_matches" USING btree ("match_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_orders_uq" ON "plan_orders" USING btree ("plan_id","user_id");--> statement-breakpoint
CREATE INDEX "plan_orders_user_idx" ON "plan_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plans_expert_idx" ON "plans" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE INDEX "plans_settle_idx" ON "plans" USING btree ("settle_state","close_at");--> statement-breakpoint
CREATE INDEX "plans_created_idx" ON "plans" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_idem_uq" ON "plans" USING btree ("expert_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_orders_idem_uq" ON "sub_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sub_packages_expert_idx" ON "sub_packages" USING btree ("expert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_uq" ON "subscriptions" USING btree ("user_id","expert_id");--> statement-breakpoint
CREATE INDEX "subscriptions_renew_idx" ON "subscriptions" USING btree ("status","period_end");--> statement-breakpoint
CREATE INDEX "subscriptions_expert_idx" ON "subscriptions" USING btree ("expert_id","status");