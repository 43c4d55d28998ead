CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"team_id" uuid,
	"name" text NOT NULL,
	"service" text DEFAULT 'ZNS' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"key_prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "message_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"module" text NOT NULL,
	"api_key_id" uuid,
	"zalo_oa_id" uuid NOT NULL,
	"tracking_id" text,
	"session_id" text,
	"uid" text,
	"zns_template_id" text,
	"template_name" text,
	"phone" text,
	"template_data" jsonb,
	"message_data" jsonb,
	"mode" text DEFAULT 'production' NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"error_msg" text,
	"is_charged" boolean DEFAULT false NOT NULL,
	"is_direct_zalo" boolean DEFAULT true NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"reference_id" text,
	"reference_type" text,
	"name" text NOT NULL,
	"description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"zns_template_id" text,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"url" text NOT NULL,
	"secret_enc" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" bigint NOT NULL,
	"new_balance" bigint NOT NULL,
	"reason" text NOT NULL,
	"message_id" uuid,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"tenant_id" uuid,
	"mode" text DEFAULT 'PREPAID' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"is_noti" boolean DEFAULT true NOT NULL,
	"receiver_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"below_threshold" boolean DEFAULT false NOT NULL,
	"postpaid_usage" bigint DEFAULT 0 NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "zalo_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zalo_oa_id" uuid,
	"event_name" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zalo_oas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"zapp_id" text NOT NULL,
	"zoa_id" text NOT NULL,
	"secret_key_enc" text NOT NULL,
	"webhook_secret_enc" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_token_expires_at" timestamp with time zone,
	"token_status" text DEFAULT 'ACTIVE' NOT NULL,
	"last_refresh_error" text,
	"last_refreshed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zns_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"zns_template_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"tag" text,
	"quality" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preview_url" text,
	"timeout_ms" integer,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_history" ADD CONSTRAINT "message_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_requests" ADD CONSTRAINT "template_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_requests" ADD CONSTRAINT "template_requests_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_requests" ADD CONSTRAINT "template_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_webhooks" ADD CONSTRAINT "tenant_webhooks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_webhooks" ADD CONSTRAINT "tenant_webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_tenant_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."tenant_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_events" ADD CONSTRAINT "zalo_events_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oas" ADD CONSTRAINT "zalo_oas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zalo_oas" ADD CONSTRAINT "zalo_oas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zns_templates" ADD CONSTRAINT "zns_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zns_templates" ADD CONSTRAINT "zns_templates_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_tenant_idx" ON "api_keys" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_history_tracking_key" ON "message_history" USING btree ("api_key_id","tracking_id") WHERE tracking_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_history_idem_key" ON "message_history" USING btree ("api_key_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "message_history_list_idx" ON "message_history" USING btree ("tenant_id","module","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_history_phone_idx" ON "message_history" USING btree ("tenant_id","phone","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_history_tracking_idx" ON "message_history" USING btree ("tenant_id","tracking_id");--> statement-breakpoint
CREATE INDEX "message_history_session_idx" ON "message_history" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "message_history_uid_idx" ON "message_history" USING btree ("tenant_id","uid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_history_template_idx" ON "message_history" USING btree ("tenant_id","zns_template_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_history_queue_idx" ON "message_history" USING btree ("next_attempt_at") WHERE status in ('PENDING', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "template_requests_tenant_idx" ON "template_requests" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_webhooks_tenant_idx" ON "tenant_webhooks" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_wallet_idx" ON "wallet_entries" USING btree ("wallet_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_message_reason_key" ON "wallet_entries" USING btree ("message_id","reason") WHERE message_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_tenant_key" ON "wallets" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_merchant_key" ON "wallets" USING btree ("merchant_id") WHERE tenant_id is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_tenant_idx" ON "webhook_deliveries" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status in ('PENDING', 'RETRYING');--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_events_dedupe_key" ON "zalo_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_oas_zoa_key" ON "zalo_oas" USING btree ("zoa_id");--> statement-breakpoint
CREATE INDEX "zalo_oas_tenant_idx" ON "zalo_oas" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "zns_templates_key" ON "zns_templates" USING btree ("tenant_id","zalo_oa_id","zns_template_id");--> statement-breakpoint
CREATE INDEX "zns_templates_tenant_idx" ON "zns_templates" USING btree ("tenant_id","status");