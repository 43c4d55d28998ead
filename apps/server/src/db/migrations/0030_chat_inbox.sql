CREATE TABLE "chat_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"shortcut" text NOT NULL,
	"text" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"follower_id" uuid,
	"display_name" text DEFAULT '' NOT NULL,
	"avatar" text,
	"phone" text,
	"is_group" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"spam" boolean DEFAULT false NOT NULL,
	"assignee_user_id" uuid,
	"team_id" uuid,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_kind" text,
	"last_message_direction" text,
	"last_message_preview" text,
	"last_user_message_at" timestamp with time zone,
	"last_oa_message_at" timestamp with time zone,
	"history_imported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"zalo_msg_id" text,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"payload" jsonb,
	"quote_zalo_msg_id" text,
	"quote_text" text,
	"status" text,
	"error_code" integer,
	"error_message" text,
	"error_message_vi" text,
	"reactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_user_id" uuid,
	"message_history_id" uuid,
	"client_message_id" text,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_presence_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_ck";--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_ck";--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_follower_id_oa_followers_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."oa_followers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_presence" ADD CONSTRAINT "chat_presence_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_presence" ADD CONSTRAINT "chat_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_presence" ADD CONSTRAINT "chat_presence_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_canned_replies_shortcut" ON "chat_canned_replies" USING btree ("tenant_id",lower("shortcut"));--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_key" ON "chat_conversations" USING btree ("zalo_oa_id","user_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_tenant_last_idx" ON "chat_conversations" USING btree ("tenant_id","last_message_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "chat_conversations_oa_last_idx" ON "chat_conversations" USING btree ("zalo_oa_id","last_message_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "chat_conversations_assignee_idx" ON "chat_conversations" USING btree ("assignee_user_id","last_message_at" DESC NULLS LAST) WHERE assignee_user_id is not null;--> statement-breakpoint
CREATE INDEX "chat_conversations_unread_idx" ON "chat_conversations" USING btree ("tenant_id","last_message_at" DESC NULLS LAST) WHERE unread_count > 0;--> statement-breakpoint
CREATE INDEX "chat_conversations_lname_idx" ON "chat_conversations" USING btree ("tenant_id",lower("display_name") collate "C");--> statement-breakpoint
CREATE INDEX "chat_conversations_phone_idx" ON "chat_conversations" USING btree ("tenant_id","phone") WHERE phone is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_zalo_key" ON "chat_messages" USING btree ("zalo_oa_id","zalo_msg_id") WHERE zalo_msg_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_key" ON "chat_messages" USING btree ("conversation_id","client_message_id") WHERE client_message_id is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","sent_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "chat_messages_history_idx" ON "chat_messages" USING btree ("message_history_id") WHERE message_history_id is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_text_idx" ON "chat_messages" USING gin (to_tsvector('simple', coalesce("text", '')));--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" in ('AUTH_LOGIN', 'AUTH_LOGOUT', 'AUTH_REGISTER', 'AUTH_PASSWORD_RESET_REQUEST', 'AUTH_PASSWORD_RESET', 'AUTH_PASSWORD_CHANGE', 'AUTH_PROFILE_UPDATE', 'OTP_GENERATE', 'OTP_VERIFY', 'MERCHANT_UPDATE_AVATAR', 'MERCHANT_ADD_USER', 'MERCHANT_REMOVE_USER', 'MERCHANT_UPDATE_USER', 'MERCHANT_INVITATION_CREATE', 'MERCHANT_INVITATION_ACCEPT', 'MERCHANT_INVITATION_DECLINE', 'MERCHANT_INVITATION_REVOKE', 'MERCHANT_LEAVE', 'TENANT_CREATE', 'TENANT_UPDATE', 'TENANT_SERVICES_UPDATE', 'TENANT_API_RATE_LIMITS_UPDATE', 'USER_GROUP_ADD_USER', 'USER_GROUP_REMOVE_USER', 'USER_GROUP_UPDATE', 'ZALO_OA_CREATE', 'ZALO_OA_UPDATE', 'ZNS_TEMPLATE_SYNC', 'ZNS_TEMPLATE_REQUEST', 'ZALO_OA_FOLLOWER_SYNC', 'PLAYGROUND_SEND', 'PLAYGROUND_UPLOAD', 'WALLET_UPDATE_TENANT_BALANCE', 'API_KEY_CREATE', 'API_KEY_UPDATE', 'API_KEY_DELETE', 'WEBHOOK_CREATE', 'WEBHOOK_UPDATE', 'WEBHOOK_DELETE', 'WEBHOOK_ROTATE_SECRET', 'WEBHOOK_TEST', 'WEBHOOK_REPLAY', 'FALLBACK_UPDATE', 'WORKFLOW_CREATE', 'WORKFLOW_UPDATE', 'WORKFLOW_DELETE', 'TASK_SUBMIT', 'TASK_APPROVE', 'TASK_REJECT', 'TASK_VIEW', 'TASK_DELETE', 'ZNS_TEMPLATE_SUBMIT', 'NOTIFICATION_VIEW', 'NOTIFICATION_PREFERENCES_UPDATE', 'TICKET_CREATE', 'TICKET_UPDATE', 'TICKET_DELETE', 'TICKET_VIEW', 'TICKET_COMMENT_CREATE', 'TICKET_COMMENT_UPDATE', 'TICKET_COMMENT_DELETE', 'SLA_UPDATE', 'TEAM_CREATE', 'TEAM_UPDATE', 'TEAM_DELETE', 'TEAM_ADD_MEMBER', 'TEAM_REMOVE_MEMBER', 'TEAM_UPDATE_MEMBER_ROLE', 'TEAM_UPLOAD_AVATAR', 'USER_GROUP_CREATE', 'USER_GROUP_DELETE', 'FILE_UPLOAD', 'OA_CONTENT_CREATE', 'OA_CONTENT_UPDATE', 'OA_CONTENT_DELETE', 'OA_CONTENT_PUBLISH', 'OA_VIDEO_UPLOAD', 'OA_VIDEO_DELETE', 'OA_BROADCAST_CREATE', 'OA_BROADCAST_UPDATE', 'OA_BROADCAST_DELETE', 'OA_BROADCAST_SEND', 'ZALO_OA_FOLLOWER_UPDATE', 'ZALO_OA_FOLLOWER_TAG', 'ZALO_OA_CALL_CONSENT', 'ZALO_OA_CALL_START', 'OA_UPDATE_REQUEST_CREATE', 'OA_UPDATE_REQUEST_CANCEL', 'OA_QUOTA_SYNC', 'CAMPAIGN_UPLOAD', 'CAMPAIGN_CREATE', 'CAMPAIGN_CANCEL', 'CAMPAIGN_PAUSE', 'CAMPAIGN_RESUME', 'ZNS_TEMPLATE_DRAFT_SAVE', 'ZNS_TEMPLATE_COPY', 'ZNS_TEMPLATE_DELETE', 'ZNS_TEMPLATE_UPLOAD_IMAGE', 'ZNS_DISCOUNT_CREATE', 'ZNS_DISCOUNT_UPDATE', 'ZNS_DISCOUNT_DELETE', 'CHAT_ASSIGN', 'CHAT_SPAM', 'CHAT_STATUS', 'CHAT_NOTE_DELETE', 'CHAT_CANNED_REPLY_CREATE', 'CHAT_CANNED_REPLY_UPDATE', 'CHAT_CANNED_REPLY_DELETE'));--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_ck" CHECK ("domain_events"."type" in ('message.status_changed', 'message.failed_permanently', 'wallet.threshold_crossed', 'notification.created', 'zalo_oa.token_refresh_failed', 'notification.viewed', 'task.submitted', 'task.advanced', 'task.decided', 'task.voided', 'task.viewed', 'review.item_published', 'ticket.created', 'ticket.updated', 'ticket.commented', 'ticket.viewed', 'ticket.sla_warning', 'ticket.sla_breached', 'team.changed', 'oa_content.changed', 'oa_video.changed', 'oa_broadcast.changed', 'oa_follower.changed', 'oa_follower.sync_progress', 'oa_update_request.changed', 'campaign.changed', 'campaign.progress', 'zns_template.changed', 'zns_discount.changed', 'chat.message', 'chat.conversation_changed', 'chat.presence'));