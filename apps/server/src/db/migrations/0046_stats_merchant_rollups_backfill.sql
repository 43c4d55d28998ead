-- The organisation rollups start from what the per-tenant rollups already hold (the fold adds from here on).
INSERT INTO message_stats_merchant_hourly (merchant_id, hour, module, total, pending, sent, delivered, failed, charged, cost, list_cost)
SELECT t.merchant_id, h.hour, h.module, sum(h.total), sum(h.pending), sum(h.sent), sum(h.delivered), sum(h.failed), sum(h.charged), sum(h.cost), sum(h.list_cost)
FROM message_stats_hourly h JOIN tenants t ON t.id = h.tenant_id
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO message_stats_merchant_daily (merchant_id, day, module, total, pending, sent, delivered, failed, charged, cost, list_cost)
SELECT t.merchant_id, d.day, d.module, sum(d.total), sum(d.pending), sum(d.sent), sum(d.delivered), sum(d.failed), sum(d.charged), sum(d.cost), sum(d.list_cost)
FROM message_stats_tenant_daily d JOIN tenants t ON t.id = d.tenant_id
GROUP BY 1, 2, 3;
