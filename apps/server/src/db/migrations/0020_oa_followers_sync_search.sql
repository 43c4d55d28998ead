CREATE TABLE "oa_follower_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"next_offset" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "oa_followers_tenant_name_idx";--> statement-breakpoint
ALTER TABLE "oa_followers" ADD COLUMN "call_consent" text;--> statement-breakpoint
ALTER TABLE "oa_followers" ADD COLUMN "call_consent_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oa_follower_syncs" ADD CONSTRAINT "oa_follower_syncs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_follower_syncs" ADD CONSTRAINT "oa_follower_syncs_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_follower_syncs" ADD CONSTRAINT "oa_follower_syncs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_follower_syncs_running" ON "oa_follower_syncs" USING btree ("zalo_oa_id") WHERE status = 'RUNNING';--> statement-breakpoint
CREATE INDEX "oa_follower_syncs_oa_idx" ON "oa_follower_syncs" USING btree ("zalo_oa_id","created_at");--> statement-breakpoint
CREATE INDEX "oa_followers_tenant_lname_idx" ON "oa_followers" USING btree ("tenant_id",lower("display_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "oa_followers_oa_lname_idx" ON "oa_followers" USING btree ("zalo_oa_id",lower("display_name") collate "C","id");