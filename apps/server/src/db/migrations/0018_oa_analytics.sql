CREATE TABLE "oa_chat_sessions" (
	"zalo_oa_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_user_message_at" timestamp with time zone NOT NULL,
	"replied" boolean DEFAULT false NOT NULL,
	CONSTRAINT "oa_chat_sessions_pk" PRIMARY KEY("zalo_oa_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "oa_quotas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"product_type" text NOT NULL,
	"quota_type" text NOT NULL,
	"valid_through" text,
	"total" bigint NOT NULL,
	"remain" bigint NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_stats_hourly" (
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"follow_count" integer DEFAULT 0 NOT NULL,
	"unfollow_count" integer DEFAULT 0 NOT NULL,
	"user_seen_message_count" integer DEFAULT 0 NOT NULL,
	"user_click_chatnow_count" integer DEFAULT 0 NOT NULL,
	"user_received_message_count" integer DEFAULT 0 NOT NULL,
	"user_message_count" integer DEFAULT 0 NOT NULL,
	"oa_message_count" integer DEFAULT 0 NOT NULL,
	"chat_session_count" integer DEFAULT 0 NOT NULL,
	"replied_chat_session_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "oa_stats_hourly_pk" PRIMARY KEY("tenant_id","zalo_oa_id","hour")
);
--> statement-breakpoint
CREATE TABLE "oa_update_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "oa_update_requests_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"name" text,
	"description" text,
	"avatar" text,
	"cover" text,
	"current" jsonb,
	"created_by" uuid,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_update_requests_status_ck" CHECK ("oa_update_requests"."status" in ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "oa_broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"team_id" uuid,
	"zalo_oa_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"schedule_time" timestamp with time zone NOT NULL,
	"target" jsonb NOT NULL,
	"content_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"article_ids" jsonb,
	"send_state" text,
	"hold_reason" text,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"zalo_message_id" text,
	"error_code" integer,
	"error_message" text,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_broadcasts_status_ck" CHECK ("oa_broadcasts"."status" in ('DRAFT', 'PENDING_REVIEW', 'APPROVED', 'REJECTED', 'SHOWN')),
	CONSTRAINT "oa_broadcasts_send_state_ck" CHECK ("oa_broadcasts"."send_state" is null or "oa_broadcasts"."send_state" in ('WAITING', 'HELD', 'SENDING', 'SENT', 'FAILED')),
	CONSTRAINT "oa_broadcasts_hold_reason_ck" CHECK ("oa_broadcasts"."hold_reason" is null or "oa_broadcasts"."hold_reason" in ('DELIVERY_WINDOW', 'MONTHLY_QUOTA', 'ZALO_UNAVAILABLE'))
);
--> statement-breakpoint
ALTER TABLE "oa_chat_sessions" ADD CONSTRAINT "oa_chat_sessions_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_quotas" ADD CONSTRAINT "oa_quotas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_quotas" ADD CONSTRAINT "oa_quotas_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_stats_hourly" ADD CONSTRAINT "oa_stats_hourly_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_stats_hourly" ADD CONSTRAINT "oa_stats_hourly_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_update_requests" ADD CONSTRAINT "oa_update_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_update_requests" ADD CONSTRAINT "oa_update_requests_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_update_requests" ADD CONSTRAINT "oa_update_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_update_requests" ADD CONSTRAINT "oa_update_requests_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_broadcasts" ADD CONSTRAINT "oa_broadcasts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_broadcasts" ADD CONSTRAINT "oa_broadcasts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_broadcasts" ADD CONSTRAINT "oa_broadcasts_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_broadcasts" ADD CONSTRAINT "oa_broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_broadcasts" ADD CONSTRAINT "oa_broadcasts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_quotas_key" ON "oa_quotas" USING btree ("zalo_oa_id","product_type","quota_type","asset_id");--> statement-breakpoint
CREATE INDEX "oa_quotas_tenant_idx" ON "oa_quotas" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "oa_stats_hourly_tenant_hour_idx" ON "oa_stats_hourly" USING btree ("tenant_id","hour");--> statement-breakpoint
CREATE INDEX "oa_update_requests_tenant_idx" ON "oa_update_requests" USING btree ("tenant_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oa_broadcasts_tenant_idx" ON "oa_broadcasts" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "oa_broadcasts_due_idx" ON "oa_broadcasts" USING btree ("next_attempt_at") WHERE "oa_broadcasts"."send_state" in ('WAITING', 'HELD');--> statement-breakpoint
CREATE INDEX "oa_broadcasts_oa_sent_idx" ON "oa_broadcasts" USING btree ("zalo_oa_id","sent_at");