CREATE TABLE "expert_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"intro" text NOT NULL,
	"id_front_url" text NOT NULL,
	"id_back_url" text NOT NULL,
	"platforms" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"ban_reason" text,
	"intro" text DEFAULT '' NOT NULL,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "real_name_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"country" text NOT NULL,
	"document_type" smallint NOT NULL,
	"front_url" text NOT NULL,
	"back_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"type" text NOT NULL,
	"ref_type" text,
	"ref_id" text,
	"idempotency_key" text,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"card_number" text NOT NULL,
	"card_masked" text NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"user_id" integer NOT NULL,
	"account" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_user_id_account_pk" PRIMARY KEY("user_id","account"),
	CONSTRAINT "wallet_accounts_balance_nonneg" CHECK ("wallet_accounts"."balance" >= 0),
	CONSTRAINT "wallet_accounts_account_kind" CHECK ("wallet_accounts"."account" in ('coins', 'income'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_bank_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"receive_cents" integer NOT NULL,
	"bank_snapshot" jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"reason" text,
	"operator_id" integer,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "yun_coin_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" text NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"pay_method" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_txn" text,
	"fail_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "yun_coin_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_name_verifications" ADD CONSTRAINT "real_name_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_banks" ADD CONSTRAINT "user_banks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_bank_id_user_banks_id_fk" FOREIGN KEY ("user_bank_id") REFERENCES "public"."user_banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yun_coin_orders" ADD CONSTRAINT "yun_coin_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_app_user_idx" ON "expert_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_app_one_review_uq" ON "expert_applications" USING btree ("user_id") WHERE "expert_applications"."status" = 0;--> statement-breakpoint
CREATE INDEX "expert_app_status_idx" ON "expert_applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "experts_status_idx" ON "experts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ops_audit_target_idx" ON "ops_audit" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "ops_audit_created_idx" ON "ops_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "real_name_user_idx" ON "real_name_verifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "real_name_one_pending_uq" ON "real_name_verifications" USING btree ("user_id") WHERE "real_name_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "real_name_status_idx" ON "real_name_verifications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idem_uq" ON "ledger_entries" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","account","id");--> statement-breakpoint
CREATE INDEX "user_banks_user_idx" ON "user_banks" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_idem_uq" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "yun_coin_orders_idem_uq" ON "yun_coin_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "yun_coin_orders_user_idx" ON "yun_coin_orders" USING btree ("user_id","id");