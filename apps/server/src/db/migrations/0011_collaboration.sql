CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_members_role_ck" CHECK ("team_members"."role" in ('MEMBER', 'LEADER'))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"zns_daily_quota" integer,
	"oa_daily_quota" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_zns_quota_ck" CHECK ("teams"."zns_daily_quota" is null or "teams"."zns_daily_quota" >= 0),
	CONSTRAINT "teams_oa_quota_ck" CHECK ("teams"."oa_daily_quota" is null or "teams"."oa_daily_quota" >= 0)
);
--> statement-breakpoint
CREATE TABLE "approval_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_id" uuid,
	"kind" text NOT NULL,
	"approver_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_workflows_kind_ck" CHECK ("approval_workflows"."kind" in ('OA_CONTENT_POST', 'OA_CONTENT_VIDEO', 'OA_BROADCAST', 'ZNS_CAMPAIGN', 'ZNS_TEMPLATE'))
);
--> statement-breakpoint
CREATE TABLE "review_task_participants" (
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	CONSTRAINT "review_task_participants_task_id_user_id_pk" PRIMARY KEY("task_id","user_id"),
	CONSTRAINT "review_task_participants_module_ck" CHECK ("review_task_participants"."module" in ('OA', 'ZNS')),
	CONSTRAINT "review_task_participants_status_ck" CHECK ("review_task_participants"."status" in ('PENDING', 'APPROVAL', 'DISAPPROVAL', 'VOIDED'))
);
--> statement-breakpoint
CREATE TABLE "review_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_id" uuid,
	"kind" text NOT NULL,
	"module" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"workflow" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_step" integer,
	"next_approver_id" uuid,
	"snapshot" jsonb NOT NULL,
	"snapshot_hash" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "review_tasks_kind_ck" CHECK ("review_tasks"."kind" in ('OA_CONTENT_POST', 'OA_CONTENT_VIDEO', 'OA_BROADCAST', 'ZNS_CAMPAIGN', 'ZNS_TEMPLATE')),
	CONSTRAINT "review_tasks_module_ck" CHECK ("review_tasks"."module" in ('OA', 'ZNS')),
	CONSTRAINT "review_tasks_status_ck" CHECK ("review_tasks"."status" in ('PENDING', 'APPROVAL', 'DISAPPROVAL', 'VOIDED'))
);
--> statement-breakpoint
CREATE TABLE "sla_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"timezone" text DEFAULT 'Asia/Ho_Chi_Minh' NOT NULL,
	"business_hours" jsonb DEFAULT '{"days":[1,2,3,4,5],"start":"08:00","end":"17:30"}'::jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"warn_before_minutes" integer DEFAULT 30 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"actor_id" uuid,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_views" (
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_views_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"priority" text DEFAULT 'MEDIUM' NOT NULL,
	"assignee_user_id" uuid,
	"assignee_team_id" uuid,
	"created_by" uuid,
	"first_response_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"first_response_due_at" timestamp with time zone,
	"resolution_due_at" timestamp with time zone,
	"first_response_warned_at" timestamp with time zone,
	"first_response_breached_at" timestamp with time zone,
	"resolution_warned_at" timestamp with time zone,
	"resolution_breached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_status_ck" CHECK ("tickets"."status" in ('OPEN', 'INPROGRESS', 'RESOLVED', 'CLOSED')),
	CONSTRAINT "tickets_priority_ck" CHECK ("tickets"."priority" in ('LOW', 'MEDIUM', 'HIGH', 'URGENT'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_ck" CHECK ("notification_preferences"."kind" in ('TASK_WAITING', 'TASK_APPROVED', 'TASK_REJECTED', 'ITEM_PUBLISHED', 'TICKET_ASSIGNED', 'TICKET_CHANGED', 'TICKET_MENTIONED', 'SLA_WARNING', 'SLA_BREACHED', 'WALLET_LOW_BALANCE', 'ZALO_OA_TOKEN_REFRESH_FAILED'))
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_ck";--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_ck";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "task_id" uuid;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_task_participants" ADD CONSTRAINT "review_task_participants_task_id_review_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."review_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_task_participants" ADD CONSTRAINT "review_task_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_task_participants" ADD CONSTRAINT "review_task_participants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tasks" ADD CONSTRAINT "review_tasks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tasks" ADD CONSTRAINT "review_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tasks" ADD CONSTRAINT "review_tasks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tasks" ADD CONSTRAINT "review_tasks_next_approver_id_users_id_fk" FOREIGN KEY ("next_approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tasks" ADD CONSTRAINT "review_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_settings" ADD CONSTRAINT "sla_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_settings" ADD CONSTRAINT "sla_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_views" ADD CONSTRAINT "ticket_views_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_views" ADD CONSTRAINT "ticket_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_team_id_teams_id_fk" FOREIGN KEY ("assignee_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tenant_name_key" ON "teams" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tenant_default_key" ON "teams" USING btree ("tenant_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_workflows_tenant_kind_key" ON "approval_workflows" USING btree ("tenant_id","kind") WHERE team_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_workflows_team_kind_key" ON "approval_workflows" USING btree ("tenant_id","team_id","kind") WHERE team_id is not null;--> statement-breakpoint
CREATE INDEX "review_task_participants_user_idx" ON "review_task_participants" USING btree ("user_id","tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "review_task_participants_user_status_idx" ON "review_task_participants" USING btree ("user_id","tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "review_task_participants_unread_idx" ON "review_task_participants" USING btree ("user_id","tenant_id") WHERE viewed_at is null and status <> 'VOIDED';--> statement-breakpoint
CREATE INDEX "review_tasks_tenant_idx" ON "review_tasks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "review_tasks_tenant_status_idx" ON "review_tasks" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "review_tasks_reference_idx" ON "review_tasks" USING btree ("reference_id","status");--> statement-breakpoint
CREATE INDEX "review_tasks_next_approver_idx" ON "review_tasks" USING btree ("next_approver_id","tenant_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "review_tasks_pending_reference_key" ON "review_tasks" USING btree ("kind","reference_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_idx" ON "tickets" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_status_idx" ON "tickets" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("assignee_user_id","tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_tenant_number_key" ON "tickets" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "tickets_first_response_due_idx" ON "tickets" USING btree ("first_response_due_at") WHERE first_response_at is null and first_response_breached_at is null and status in ('OPEN', 'INPROGRESS');--> statement-breakpoint
CREATE INDEX "tickets_resolution_due_idx" ON "tickets" USING btree ("resolution_due_at") WHERE resolved_at is null and resolution_breached_at is null and status in ('OPEN', 'INPROGRESS');--> statement-breakpoint
CREATE INDEX "notifications_user_tenant_idx" ON "notifications" USING btree ("user_id","tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_new_idx" ON "notifications" USING btree ("user_id","tenant_id") WHERE status = 'new';--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" in ('AUTH_LOGIN', 'AUTH_LOGOUT', 'AUTH_REGISTER', 'AUTH_PASSWORD_RESET_REQUEST', 'AUTH_PASSWORD_RESET', 'AUTH_PASSWORD_CHANGE', 'AUTH_PROFILE_UPDATE', 'OTP_GENERATE', 'OTP_VERIFY', 'MERCHANT_UPDATE_AVATAR', 'MERCHANT_ADD_USER', 'MERCHANT_REMOVE_USER', 'MERCHANT_UPDATE_USER', 'MERCHANT_INVITATION_CREATE', 'MERCHANT_INVITATION_ACCEPT', 'MERCHANT_INVITATION_DECLINE', 'MERCHANT_INVITATION_REVOKE', 'MERCHANT_LEAVE', 'TENANT_CREATE', 'TENANT_UPDATE', 'TENANT_SERVICES_UPDATE', 'USER_GROUP_ADD_USER', 'USER_GROUP_REMOVE_USER', 'USER_GROUP_UPDATE', 'ZALO_OA_CREATE', 'ZALO_OA_UPDATE', 'ZNS_TEMPLATE_SYNC', 'ZNS_TEMPLATE_REQUEST', 'ZALO_OA_FOLLOWER_SYNC', 'PLAYGROUND_SEND', 'PLAYGROUND_UPLOAD', 'WALLET_UPDATE_TENANT_BALANCE', 'API_KEY_CREATE', 'API_KEY_UPDATE', 'API_KEY_DELETE', 'WEBHOOK_CREATE', 'WEBHOOK_UPDATE', 'WEBHOOK_DELETE', 'WEBHOOK_ROTATE_SECRET', 'WEBHOOK_TEST', 'WEBHOOK_REPLAY', 'FALLBACK_UPDATE', 'WORKFLOW_CREATE', 'WORKFLOW_UPDATE', 'WORKFLOW_DELETE', 'TASK_SUBMIT', 'TASK_APPROVE', 'TASK_REJECT', 'TASK_VIEW', 'TASK_DELETE', 'ZNS_TEMPLATE_SUBMIT', 'NOTIFICATION_VIEW', 'NOTIFICATION_PREFERENCES_UPDATE', 'TICKET_CREATE', 'TICKET_UPDATE', 'TICKET_DELETE', 'TICKET_VIEW', 'TICKET_COMMENT_CREATE', 'TICKET_COMMENT_UPDATE', 'TICKET_COMMENT_DELETE', 'SLA_UPDATE', 'TEAM_CREATE', 'TEAM_UPDATE', 'TEAM_DELETE', 'TEAM_ADD_MEMBER', 'TEAM_REMOVE_MEMBER', 'TEAM_UPDATE_MEMBER_ROLE', 'TEAM_UPLOAD_AVATAR', 'USER_GROUP_CREATE', 'USER_GROUP_DELETE'));--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_ck" CHECK ("domain_events"."type" in ('message.status_changed', 'message.failed_permanently', 'wallet.threshold_crossed', 'notification.created', 'zalo_oa.token_refresh_failed', 'notification.viewed', 'task.submitted', 'task.advanced', 'task.decided', 'task.voided', 'task.viewed', 'review.item_published', 'ticket.created', 'ticket.updated', 'ticket.commented', 'ticket.viewed', 'ticket.sla_warning', 'ticket.sla_breached', 'team.changed'));