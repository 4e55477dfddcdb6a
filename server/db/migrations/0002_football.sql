CREATE TABLE "competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zhcn" text NOT NULL,
	"name_zhhk" text NOT NULL,
	"name_zhtw" text NOT NULL,
	"name_en" text NOT NULL,
	"short_zhcn" text NOT NULL,
	"short_zhhk" text NOT NULL,
	"short_zhtw" text NOT NULL,
	"short_en" text NOT NULL,
	"kind" text DEFAULT 'league' NOT NULL,
	"country" text NOT NULL,
	"season" text NOT NULL,
	"color" text DEFAULT '#1677ff' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	CONSTRAINT "competitions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "match_appointments" (
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_appointments_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"code" smallint NOT NULL,
	"minute" smallint NOT NULL,
	"added_minute" smallint DEFAULT 0 NOT NULL,
	"side" smallint DEFAULT 0 NOT NULL,
	"player_id" integer,
	"related_player_id" integer,
	"home_score" smallint,
	"away_score" smallint,
	"x" smallint,
	"y" smallint,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_intel" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"kind" text NOT NULL,
	"player_id" integer,
	"text_zhcn" text NOT NULL,
	"text_zhhk" text NOT NULL,
	"text_zhtw" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_lineups" (
	"match_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"formation" text NOT NULL,
	"coach_id" integer,
	"starters" jsonb NOT NULL,
	"bench" jsonb NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "match_lineups_match_id_side_pk" PRIMARY KEY("match_id","side")
);
--> statement-breakpoint
CREATE TABLE "match_odds" (
	"match_id" integer NOT NULL,
	"bookmaker" text NOT NULL,
	"market" text NOT NULL,
	"opening" jsonb NOT NULL,
	"current" jsonb NOT NULL,
	"previous" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_odds_match_id_bookmaker_market_pk" PRIMARY KEY("match_id","bookmaker","market")
);
--> statement-breakpoint
CREATE TABLE "match_supports" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_supports_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"season" text NOT NULL,
	"round" text DEFAULT '' NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"minute" smallint DEFAULT 0 NOT NULL,
	"added_minute" smallint DEFAULT 0 NOT NULL,
	"period_started_at" timestamp with time zone,
	"home_score" smallint DEFAULT 0 NOT NULL,
	"away_score" smallint DEFAULT 0 NOT NULL,
	"home_half_score" smallint,
	"away_half_score" smallint,
	"home_pen_score" smallint,
	"away_pen_score" smallint,
	"home_rank" smallint,
	"away_rank" smallint,
	"home_red" smallint DEFAULT 0 NOT NULL,
	"away_red" smallint DEFAULT 0 NOT NULL,
	"home_yellow" smallint DEFAULT 0 NOT NULL,
	"away_yellow" smallint DEFAULT 0 NOT NULL,
	"home_corners" smallint DEFAULT 0 NOT NULL,
	"away_corners" smallint DEFAULT 0 NOT NULL,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"support_home" integer DEFAULT 0 NOT NULL,
	"support_away" integer DEFAULT 0 NOT NULL,
	"jczq_num" text,
	"bjdc_num" text,
	"ctzc_issue" text,
	"ctzc_index" smallint,
	"seq" bigint DEFAULT 0 NOT NULL,
	"sim_seed" integer DEFAULT 0 NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer,
	"name_zhcn" text NOT NULL,
	"name_zhhk" text NOT NULL,
	"name_zhtw" text NOT NULL,
	"name_en" text NOT NULL,
	"position" smallint NOT NULL,
	"number" smallint,
	"nationality" text DEFAULT '' NOT NULL,
	"birth_date" text,
	"height_cm" smallint,
	"value_k" integer
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_zhcn" text NOT NULL,
	"name_zhhk" text NOT NULL,
	"name_zhtw" text NOT NULL,
	"name_en" text NOT NULL,
	"short_zhcn" text NOT NULL,
	"short_zhhk" text NOT NULL,
	"short_zhtw" text NOT NULL,
	"short_en" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"founded" integer,
	"venue_zhcn" text DEFAULT '' NOT NULL,
	"venue_zhhk" text DEFAULT '' NOT NULL,
	"venue_zhtw" text DEFAULT '' NOT NULL,
	"venue_en" text DEFAULT '' NOT NULL,
	"venue_capacity" integer,
	"color" text DEFAULT '#1677ff' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"attack_pct" integer DEFAULT 100 NOT NULL,
	"defence_pct" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "teams_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_seq_idx" ON "match_events" USING btree ("match_id","seq");--> statement-breakpoint
CREATE INDEX "match_intel_match_idx" ON "match_intel" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "matches_start_idx" ON "matches" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status","start_at");--> statement-breakpoint
CREATE INDEX "matches_competition_idx" ON "matches" USING btree ("competition_id","start_at");--> statement-breakpoint
CREATE INDEX "matches_home_idx" ON "matches" USING btree ("home_team_id","start_at");--> statement-breakpoint
CREATE INDEX "matches_away_idx" ON "matches" USING btree ("away_team_id","start_at");--> statement-breakpoint
CREATE INDEX "matches_ctzc_idx" ON "matches" USING btree ("ctzc_issue");--> statement-breakpoint
CREATE INDEX "people_team_idx" ON "people" USING btree ("team_id","position");--> statement-breakpoint
CREATE INDEX "teams_competition_idx" ON "teams" USING btree ("competition_id");