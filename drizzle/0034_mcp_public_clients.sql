ALTER TABLE "oauth_apps" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_apps" ALTER COLUMN "client_secret_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_apps" ADD COLUMN "registration" text DEFAULT 'team' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_authorizations" ADD COLUMN "resource" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_grants" ADD COLUMN "resource" text DEFAULT 'api' NOT NULL;