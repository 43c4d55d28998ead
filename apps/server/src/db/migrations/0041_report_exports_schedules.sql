CREATE TABLE "service_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"zns_price" integer,
	"oa_cs_price" integer,
	"oa_transaction_price" integer,
	"oa_promotion_price" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_packages_prices_ck" CHECK (coalesce("service_packages"."zns_price", 0) >= 0 and coalesce("service_packages"."oa_cs_price", 0) >= 0 and coalesce("service_packages"."oa_transaction_price", 0) >= 0 and coalesce("service_packages"."oa_promotion_price", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "tenant_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint,
	"source" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_files_size_ck" CHECK ("tenant_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tenant_packages" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"package_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid,
	"scope" text NOT NULL,
	"format" text NOT NULL,
	"group_by" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"lang" text DEFAULT 'vi' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea",
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_exports_status_ck" CHECK ("report_exports"."status" in ('PENDING', 'READY', 'FAILED')),
	CONSTRAINT "report_exports_scope_ck" CHECK ("report_exports"."scope" in ('tenant', 'organisation')),
	CONSTRAINT "report_exports_format_ck" CHECK ("report_exports"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_by" uuid,
	"frequency" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"format" text NOT NULL,
	"group_by" text NOT NULL,
	"lang" text DEFAULT 'vi' NOT NULL,
	"last_period" text,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_frequency_ck" CHECK ("report_schedules"."frequency" in ('WEEKLY', 'MONTHLY')),
	CONSTRAINT "report_schedules_format_ck" CHECK ("report_schedules"."format" in ('csv', 'xlsx')),
	CONSTRAINT "report_schedules_group_by_ck" CHECK ("report_schedules"."group_by" in ('day', 'type', 'status', 'template', 'apiKey', 'campaign', 'team'))
);
--> statement-breakpoint
ALTER TABLE "service_packages" ADD CONSTRAINT "service_packages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_packages" ADD CONSTRAINT "service_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_files" ADD CONSTRAINT "tenant_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_files" ADD CONSTRAINT "tenant_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_packages" ADD CONSTRAINT "tenant_packages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_packages" ADD CONSTRAINT "tenant_packages_package_id_service_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."service_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_packages" ADD CONSTRAINT "tenant_packages_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_packages_merchant_name_uq" ON "service_packages" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_files_tenant_key_uq" ON "tenant_files" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE INDEX "tenant_files_tenant_created_idx" ON "tenant_files" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_packages_package_idx" ON "tenant_packages" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "report_exports_user_idx" ON "report_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_exports_pending_idx" ON "report_exports" USING btree ("created_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_idx" ON "report_schedules" USING btree ("tenant_id","created_at");