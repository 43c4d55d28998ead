-- The campaign history (§7 campaign/history, issue 13): a campaign's rows are scattered among
-- everything else the tenant sent meanwhile, so reading them through the table cost one page per
-- row (the bounded count of a small campaign visited 10,001 pages). Both indexes carry what the
-- list's conditions test (tenant, module, the §2.13 filters), so pages and counts are index-only.
DROP INDEX "message_history_campaign_idx";--> statement-breakpoint
CREATE INDEX "message_history_campaign_idx" ON "message_history" USING btree ("campaign_id", "created_at" DESC NULLS LAST, "seq" DESC NULLS LAST) INCLUDE ("tenant_id", "module", "status", "type", "is_charged") WHERE campaign_id is not null;--> statement-breakpoint
CREATE INDEX "message_history_campaign_filter_idx" ON "message_history" USING btree ("campaign_id", "status", "type", "is_charged", "created_at" DESC NULLS LAST, "seq" DESC NULLS LAST) INCLUDE ("tenant_id", "module") WHERE campaign_id is not null;
