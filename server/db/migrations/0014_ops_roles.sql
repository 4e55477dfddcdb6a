ALTER TABLE "users" ADD COLUMN "ops_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- operators from before roles existed could do everything in the console: they keep that as admins
UPDATE "users" SET "ops_roles" = '{admin}' WHERE "role" = 'operator';
