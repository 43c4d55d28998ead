CREATE TABLE "campaign_recipients" (
	"upload_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"phone" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"message_id" uuid,
	CONSTRAINT "campaign_recipients_state_ck" CHECK ("campaign_recipients"."state" in ('QUEUED', 'ENQUEUED', 'SENT', 'FAILED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "campaign_upload_rejects" (
	"upload_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid,
	"zns_template_id" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"mapping" jsonb NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"duplicate_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_uploads_status_ck" CHECK ("campaign_uploads"."status" in ('PROCESSING', 'READY', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_id" uuid,
	"api_key_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"name" text NOT NULL,
	"zns_template_id" text NOT NULL,
	"template_name" text NOT NULL,
	"list_price" bigint DEFAULT 0 NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"mode" text DEFAULT 'production' NOT NULL,
	"start_mode" text DEFAULT 'IMMEDIATE' NOT NULL,
	"schedule_at" timestamp with time zone,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"dispatch_state" text,
	"next_run_at" timestamp with time zone,
	"record_count" integer DEFAULT 0 NOT NULL,
	"estimated_cost" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"estimated_finish_at" timestamp with time zone,
	"hold_id" uuid,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_ck" CHECK ("campaigns"."status" in ('PENDING', 'APPROVED', 'DONE', 'FAIL', 'CANCELLED', 'REJECTED')),
	CONSTRAINT "campaigns_start_mode_ck" CHECK ("campaigns"."start_mode" in ('IMMEDIATE', 'SCHEDULE')),
	CONSTRAINT "campaigns_dispatch_state_ck" CHECK ("campaigns"."dispatch_state" in ('WAITING', 'RUNNING', 'PAUSED', 'QUOTA_WAIT', 'NIGHT_WAIT', 'FINISHED')),
	CONSTRAINT "campaigns_mode_ck" CHECK ("campaigns"."mode" in ('production', 'development'))
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_ck";--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_ck";--> statement-breakpoint
ALTER TABLE "message_history" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_upload_id_campaign_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."campaign_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_upload_rejects" ADD CONSTRAINT "campaign_upload_rejects_upload_id_campaign_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."campaign_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_uploads" ADD CONSTRAINT "campaign_uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_uploads" ADD CONSTRAINT "campaign_uploads_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_uploads" ADD CONSTRAINT "campaign_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_upload_id_campaign_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."campaign_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_key" ON "campaign_recipients" USING btree ("upload_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_phone_key" ON "campaign_recipients" USING btree ("upload_id","phone");--> statement-breakpoint
CREATE INDEX "campaign_recipients_queued_idx" ON "campaign_recipients" USING btree ("upload_id","seq") WHERE state = 'QUEUED';--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_upload_rejects_key" ON "campaign_upload_rejects" USING btree ("upload_id","row_number");--> statement-breakpoint
CREATE INDEX "campaign_uploads_tenant_idx" ON "campaign_uploads" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_tenant_idx" ON "campaigns" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("next_run_at") WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "message_history_campaign_idx" ON "message_history" USING btree ("campaign_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST) WHERE campaign_id is not null;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" in ('AUTH_LOGIN', 'AUTH_LOGOUT', 'AUTH_REGISTER', 'AUTH_PASSWORD_RESET_REQUEST', 'AUTH_PASSWORD_RESET', 'AUTH_PASSWORD_CHANGE', 'AUTH_PROFILE_UPDATE', 'OTP_GENERATE', 'OTP_VERIFY', 'MERCHANT_UPDATE_AVATAR', 'MERCHANT_ADD_USER', 'MERCHANT_REMOVE_USER', 'MERCHANT_UPDATE_USER', 'MERCHANT_INVITATION_CREATE', 'MERCHANT_INVITATION_ACCEPT', 'MERCHANT_INVITATION_DECLINE', 'MERCHANT_INVITATION_REVOKE', 'MERCHANT_LEAVE', 'TENANT_CREATE', 'TENANT_UPDATE', 'TENANT_SERVICES_UPDATE', 'USER_GROUP_ADD_USER', 'USER_GROUP_REMOVE_USER', 'USER_GROUP_UPDATE', 'ZALO_OA_CREATE', 'ZALO_OA_UPDATE', 'ZNS_TEMPLATE_SYNC', 'ZNS_TEMPLATE_REQUEST', 'ZALO_OA_FOLLOWER_SYNC', 'PLAYGROUND_SEND', 'PLAYGROUND_UPLOAD', 'WALLET_UPDATE_TENANT_BALANCE', 'API_KEY_CREATE', 'API_KEY_UPDATE', 'API_KEY_DELETE', 'WEBHOOK_CREATE', 'WEBHOOK_UPDATE', 'WEBHOOK_DELETE', 'WEBHOOK_ROTATE_SECRET', 'WEBHOOK_TEST', 'WEBHOOK_REPLAY', 'FALLBACK_UPDATE', 'WORKFLOW_CREATE', 'WORKFLOW_UPDATE', 'WORKFLOW_DELETE', 'TASK_SUBMIT', 'TASK_APPROVE', 'TASK_REJECT', 'TASK_VIEW', 'TASK_DELETE', 'ZNS_TEMPLATE_SUBMIT', 'NOTIFICATION_VIEW', 'NOTIFICATION_PREFERENCES_UPDATE', 'TICKET_CREATE', 'TICKET_UPDATE', 'TICKET_DELETE', 'TICKET_VIEW', 'TICKET_COMMENT_CREATE', 'TICKET_COMMENT_UPDATE', 'TICKET_COMMENT_DELETE', 'SLA_UPDATE', 'TEAM_CREATE', 'TEAM_UPDATE', 'TEAM_DELETE', 'TEAM_ADD_MEMBER', 'TEAM_REMOVE_MEMBER', 'TEAM_UPDATE_MEMBER_ROLE', 'TEAM_UPLOAD_AVATAR', 'USER_GROUP_CREATE', 'USER_GROUP_DELETE', 'FILE_UPLOAD', 'OA_CONTENT_CREATE', 'OA_CONTENT_UPDATE', 'OA_CONTENT_DELETE', 'OA_CONTENT_PUBLISH', 'OA_VIDEO_UPLOAD', 'OA_VIDEO_DELETE', 'OA_BROADCAST_CREATE', 'OA_BROADCAST_UPDATE', 'OA_BROADCAST_DELETE', 'OA_BROADCAST_SEND', 'ZALO_OA_FOLLOWER_UPDATE', 'ZALO_OA_FOLLOWER_TAG', 'ZALO_OA_CALL_CONSENT', 'ZALO_OA_CALL_START', 'OA_UPDATE_REQUEST_CREATE', 'OA_UPDATE_REQUEST_CANCEL', 'OA_QUOTA_SYNC', 'CAMPAIGN_UPLOAD', 'CAMPAIGN_CREATE', 'CAMPAIGN_CANCEL', 'CAMPAIGN_PAUSE', 'CAMPAIGN_RESUME', 'ZNS_TEMPLATE_DRAFT_SAVE', 'ZNS_TEMPLATE_COPY', 'ZNS_TEMPLATE_DELETE', 'ZNS_TEMPLATE_UPLOAD_IMAGE', 'ZNS_DISCOUNT_CREATE', 'ZNS_DISCOUNT_UPDATE', 'ZNS_DISCOUNT_DELETE'));--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_ck" CHECK ("domain_events"."type" in ('message.status_changed', 'message.failed_permanently', 'wallet.threshold_crossed', 'notification.created', 'zalo_oa.token_refresh_failed', 'notification.viewed', 'task.submitted', 'task.advanced', 'task.decided', 'task.voided', 'task.viewed', 'review.item_published', 'ticket.created', 'ticket.updated', 'ticket.commented', 'ticket.viewed', 'ticket.sla_warning', 'ticket.sla_breached', 'team.changed', 'oa_content.changed', 'oa_video.changed', 'oa_broadcast.changed', 'oa_follower.changed', 'oa_follower.sync_progress', 'oa_update_request.changed', 'campaign.changed', 'campaign.progress', 'zns_template.changed', 'zns_discount.changed'));