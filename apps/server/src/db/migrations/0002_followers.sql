CREATE TABLE "oa_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"avatar" text,
	"is_follower" boolean DEFAULT true NOT NULL,
	"last_interaction_date" text,
	"shared_info" jsonb,
	"tag_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_alias" text,
	"user_external_id" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oa_followers" ADD CONSTRAINT "oa_followers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_followers" ADD CONSTRAINT "oa_followers_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_followers_key" ON "oa_followers" USING btree ("zalo_oa_id","user_id");--> statement-breakpoint
CREATE INDEX "oa_followers_tenant_name_idx" ON "oa_followers" USING btree ("tenant_id","display_name");