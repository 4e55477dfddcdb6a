ALTER TABLE "news_views" ADD COLUMN "hour" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX "news_views_day_idx";--> statement-breakpoint
ALTER TABLE "news_views" DROP CONSTRAINT "news_views_article_id_day_pk";--> statement-breakpoint
ALTER TABLE "news_views" ADD CONSTRAINT "news_views_article_id_day_hour_pk" PRIMARY KEY("article_id","day","hour");--> statement-breakpoint
CREATE INDEX "news_views_day_idx" ON "news_views" USING btree ("day","hour");
