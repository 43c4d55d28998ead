CREATE TABLE "oa_stats_daily" (
	"tenant_id" uuid NOT NULL,
	"zalo_oa_id" uuid NOT NULL,
	"day" date NOT NULL,
	"follow_count" integer DEFAULT 0 NOT NULL,
	"unfollow_count" integer DEFAULT 0 NOT NULL,
	"user_seen_message_count" integer DEFAULT 0 NOT NULL,
	"user_click_chatnow_count" integer DEFAULT 0 NOT NULL,
	"user_received_message_count" integer DEFAULT 0 NOT NULL,
	"user_message_count" integer DEFAULT 0 NOT NULL,
	"oa_message_count" integer DEFAULT 0 NOT NULL,
	"chat_session_count" integer DEFAULT 0 NOT NULL,
	"replied_chat_session_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "oa_stats_daily_pk" PRIMARY KEY("tenant_id","zalo_oa_id","day")
);
--> statement-breakpoint
DROP INDEX "oa_stats_hourly_tenant_hour_idx";--> statement-breakpoint
ALTER TABLE "oa_stats_daily" ADD CONSTRAINT "oa_stats_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_stats_daily" ADD CONSTRAINT "oa_stats_daily_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oa_stats_daily_tenant_day_idx" ON "oa_stats_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "oa_stats_hourly_cover_idx" ON "oa_stats_hourly" USING btree ("tenant_id","hour","zalo_oa_id","follow_count","unfollow_count","user_seen_message_count","user_click_chatnow_count","user_received_message_count","user_message_count","oa_message_count","chat_session_count","replied_chat_session_count");