CREATE TABLE "review_task_counts" (
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"module" text NOT NULL,
	"kind" text NOT NULL,
	"team_id" uuid,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_task_counts_key" UNIQUE NULLS NOT DISTINCT("user_id","tenant_id","kind","team_id","status"),
	CONSTRAINT "review_task_counts_kind_ck" CHECK ("review_task_counts"."kind" in ('OA_CONTENT_POST', 'OA_CONTENT_VIDEO', 'OA_BROADCAST', 'ZNS_CAMPAIGN', 'ZNS_TEMPLATE')),
	CONSTRAINT "review_task_counts_module_ck" CHECK ("review_task_counts"."module" in ('OA', 'ZNS')),
	CONSTRAINT "review_task_counts_status_ck" CHECK ("review_task_counts"."status" in ('PENDING', 'APPROVAL', 'DISAPPROVAL', 'VOIDED')),
	CONSTRAINT "review_task_counts_n_ck" CHECK ("review_task_counts"."n" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_counts" (
	"user_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"tenant_id" uuid,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_key" UNIQUE NULLS NOT DISTINCT("user_id","merchant_id","tenant_id"),
	CONSTRAINT "notification_counts_ck" CHECK ("notification_counts"."total" >= "notification_counts"."unread" and "notification_counts"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "oa_content_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"content_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"zalo_content_id" text,
	"publish_state" text DEFAULT 'PENDING' NOT NULL,
	"token" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"link_view" text,
	"total_view" integer DEFAULT 0 NOT NULL,
	"total_share" integer DEFAULT 0 NOT NULL,
	"stats_refreshed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_content_mappings_state_ck" CHECK ("oa_content_mappings"."publish_state" in ('PENDING', 'CREATING', 'VERIFYING', 'PUBLISHED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "oa_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_id" uuid,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"avatar" text,
	"cover" jsonb,
	"video_key" uuid,
	"comment" text DEFAULT 'show' NOT NULL,
	"task_id" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_contents_type_ck" CHECK ("oa_contents"."type" in ('post', 'video')),
	CONSTRAINT "oa_contents_status_ck" CHECK ("oa_contents"."status" in ('draft', 'approval', 'disapproval', 'published'))
);
--> statement-breakpoint
CREATE TABLE "oa_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"upload_key" uuid NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"file_url" text NOT NULL,
	"zalo_token" text,
	"video_id" text,
	"status" text DEFAULT 'CONVERTING' NOT NULL,
	"convert_percent" integer DEFAULT 0 NOT NULL,
	"error" text,
	"removed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_videos_status_ck" CHECK ("oa_videos"."status" in ('UNKNOWN', 'READY', 'LOCKED', 'CONVERTING', 'FAILED', 'DELETED'))
);
--> statement-breakpoint
ALTER TABLE "review_task_participants" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "review_task_counts" ADD CONSTRAINT "review_task_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_task_counts" ADD CONSTRAINT "review_task_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_content_mappings" ADD CONSTRAINT "oa_content_mappings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_content_mappings" ADD CONSTRAINT "oa_content_mappings_content_id_oa_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."oa_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_content_mappings" ADD CONSTRAINT "oa_content_mappings_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_contents" ADD CONSTRAINT "oa_contents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_contents" ADD CONSTRAINT "oa_contents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_contents" ADD CONSTRAINT "oa_contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_videos" ADD CONSTRAINT "oa_videos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_videos" ADD CONSTRAINT "oa_videos_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_videos" ADD CONSTRAINT "oa_videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oa_content_mappings_key" ON "oa_content_mappings" USING btree ("content_id","zalo_oa_id");--> statement-breakpoint
CREATE INDEX "oa_content_mappings_oa_idx" ON "oa_content_mappings" USING btree ("tenant_id","zalo_oa_id","publish_state");--> statement-breakpoint
CREATE INDEX "oa_content_mappings_state_idx" ON "oa_content_mappings" USING btree ("publish_state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "oa_contents_list_idx" ON "oa_contents" USING btree ("tenant_id","type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oa_contents_status_idx" ON "oa_contents" USING btree ("tenant_id","type","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oa_videos_list_idx" ON "oa_videos" USING btree ("tenant_id","zalo_oa_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oa_videos_key_idx" ON "oa_videos" USING btree ("tenant_id","upload_key");