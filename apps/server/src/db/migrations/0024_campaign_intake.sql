CREATE TABLE "campaign_mappings" (
	"tenant_id" uuid NOT NULL,
	"zns_template_id" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_mappings_tenant_id_zns_template_id_pk" PRIMARY KEY("tenant_id","zns_template_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"public_mode" text DEFAULT 'production' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_settings_public_mode_ck" CHECK ("campaign_settings"."public_mode" in ('production', 'development'))
);
--> statement-breakpoint
CREATE TABLE "campaign_upload_files" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"header" jsonb NOT NULL,
	"ingested_at" timestamp with time zone,
	CONSTRAINT "campaign_upload_files_kind_ck" CHECK ("campaign_upload_files"."kind" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "campaign_mappings" ADD CONSTRAINT "campaign_mappings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_upload_files" ADD CONSTRAINT "campaign_upload_files_upload_id_campaign_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."campaign_uploads"("id") ON DELETE cascade ON UPDATE no action;