CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_id" integer,
	"club_id" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"praise_count" integer DEFAULT 0 NOT NULL,
	"collect_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title_zhhk" text NOT NULL,
	"title_zhcn" text NOT NULL,
	"title_zhtw" text NOT NULL,
	"summary_zhhk" text DEFAULT '' NOT NULL,
	"summary_zhcn" text DEFAULT '' NOT NULL,
	"summary_zhtw" text DEFAULT '' NOT NULL,
	"body_zhhk" text DEFAULT '' NOT NULL,
	"body_zhcn" text DEFAULT '' NOT NULL,
	"body_zhtw" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"competition_id" integer,
	"club_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"player_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_id" integer,
	"author_id" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"praise_count" integer DEFAULT 0 NOT NULL,
	"collect_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_collects" (
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_collects_user_id_target_type_target_id_pk" PRIMARY KEY("user_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "news_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"parent_id" integer,
	"reply_to_id" integer,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_praises" (
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_praises_user_id_target_type_target_id_pk" PRIMARY KEY("user_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "news_views" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "news_views_article_id_day_pk" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
CREATE INDEX "activities_feed_idx" ON "activities" USING btree ("hidden","created_at","id");--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_articles_match_idx" ON "news_articles" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "news_articles_feed_idx" ON "news_articles" USING btree ("hidden","published_at","id");--> statement-breakpoint
CREATE INDEX "news_collects_target_idx" ON "news_collects" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "news_collects_user_idx" ON "news_collects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "news_comments_target_idx" ON "news_comments" USING btree ("target_type","target_id","parent_id","id");--> statement-breakpoint
CREATE INDEX "news_comments_parent_idx" ON "news_comments" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "news_comments_user_idx" ON "news_comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "news_comments_created_idx" ON "news_comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_praises_target_idx" ON "news_praises" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "news_praises_user_idx" ON "news_praises" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "news_views_day_idx" ON "news_views" USING btree ("day");