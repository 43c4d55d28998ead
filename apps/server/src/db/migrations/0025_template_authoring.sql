CREATE TABLE "tenant_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_value" text NOT NULL,
	"discount_type" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_discounts_target_ck" CHECK ("tenant_discounts"."target_kind" in ('TEMPLATE_KIND', 'TAG')),
	CONSTRAINT "tenant_discounts_type_ck" CHECK ("tenant_discounts"."discount_type" in ('PERCENT', 'AMOUNT')),
	CONSTRAINT "tenant_discounts_value_ck" CHECK ("tenant_discounts"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "message_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"campaign_id" uuid,
	"phone" text,
	"param" text NOT NULL,
	"target_url" text NOT NULL,
	"source" text NOT NULL,
	"user_agent_hash" text,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_clicks_source_ck" CHECK ("message_clicks"."source" in ('REDIRECT', 'CALLBACK'))
);
--> statement-breakpoint
ALTER TABLE "template_requests" DROP CONSTRAINT "template_requests_status_ck";--> statement-breakpoint
ALTER TABLE "template_requests" ADD COLUMN "zalo_status" text;--> statement-breakpoint
ALTER TABLE "template_requests" ADD COLUMN "quality" text;--> statement-breakpoint
ALTER TABLE "message_history" ADD COLUMN "list_price" bigint;--> statement-breakpoint
ALTER TABLE "tenant_discounts" ADD CONSTRAINT "tenant_discounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_discounts" ADD CONSTRAINT "tenant_discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_clicks" ADD CONSTRAINT "message_clicks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_discounts_tenant_idx" ON "tenant_discounts" USING btree ("tenant_id","valid_from");--> statement-breakpoint
CREATE INDEX "message_clicks_message_idx" ON "message_clicks" USING btree ("message_id","clicked_at");--> statement-breakpoint
CREATE INDEX "message_clicks_campaign_idx" ON "message_clicks" USING btree ("campaign_id","clicked_at" DESC NULLS LAST) WHERE campaign_id is not null;--> statement-breakpoint
CREATE INDEX "template_requests_zalo_pending_idx" ON "template_requests" USING btree ("zalo_status") WHERE "template_requests"."zalo_status" = 'PENDING_REVIEW';--> statement-breakpoint
ALTER TABLE "template_requests" ADD CONSTRAINT "template_requests_status_ck" CHECK ("template_requests"."status" in ('DRAFT', 'PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED', 'FAILED'));