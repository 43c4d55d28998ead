CREATE TABLE "team_daily_usage" (
	"team_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"module" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_daily_usage_team_id_day_module_pk" PRIMARY KEY("team_id","day","module"),
	CONSTRAINT "team_daily_usage_module_ck" CHECK ("team_daily_usage"."module" in ('ZNS', 'OA')),
	CONSTRAINT "team_daily_usage_used_ck" CHECK ("team_daily_usage"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "team_daily_usage" ADD CONSTRAINT "team_daily_usage_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_daily_usage" ADD CONSTRAINT "team_daily_usage_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_tenant_name_key" ON "user_groups" USING btree ("tenant_id",lower("name"));