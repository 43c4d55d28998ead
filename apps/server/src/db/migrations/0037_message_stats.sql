CREATE TABLE "message_error_stats_daily" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"module" text NOT NULL,
	"error_code" integer NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_error_stats_daily_pk" PRIMARY KEY("tenant_id","day","module","error_code")
);
--> statement-breakpoint
CREATE TABLE "message_stat_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"module" text NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"type" text NOT NULL,
	"template_id" text NOT NULL,
	"api_key_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"error_code" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"list_cost" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_stats_daily" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"module" text NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"type" text NOT NULL,
	"template_id" text NOT NULL,
	"api_key_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"list_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_stats_daily_pk" PRIMARY KEY("tenant_id","day","module","zalo_oa_id","type","template_id","api_key_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "message_stats_hourly" (
	"tenant_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"module" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"list_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_stats_hourly_pk" PRIMARY KEY("tenant_id","hour","module")
);
--> statement-breakpoint
CREATE TABLE "message_stats_tenant_daily" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"module" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"list_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_stats_tenant_daily_pk" PRIMARY KEY("tenant_id","day","module")
);
--> statement-breakpoint
ALTER TABLE "message_error_stats_daily" ADD CONSTRAINT "message_error_stats_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stats_daily" ADD CONSTRAINT "message_stats_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stats_hourly" ADD CONSTRAINT "message_stats_hourly_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stats_tenant_daily" ADD CONSTRAINT "message_stats_tenant_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_stats_daily_day_idx" ON "message_stats_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "message_stats_tenant_daily_day_idx" ON "message_stats_tenant_daily" USING btree ("day","tenant_id");