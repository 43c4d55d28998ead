ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'Asia/Ho_Chi_Minh' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_industry_ck" CHECK ("tenants"."industry" in ('ecommerce', 'medical', 'education', 'spa'));