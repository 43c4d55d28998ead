-- The organisation breakdown rollup starts from what message_stats_daily already holds (the fold adds from here on).
INSERT INTO message_stats_merchant_dim_daily (merchant_id, day, dimension, key, total, pending, sent, delivered, failed, charged, cost, list_cost)
SELECT t.merchant_id, d.day, k.dimension, k.key, sum(d.total), sum(d.pending), sum(d.sent), sum(d.delivered), sum(d.failed), sum(d.charged), sum(d.cost), sum(d.list_cost)
FROM message_stats_daily d JOIN tenants t ON t.id = d.tenant_id
CROSS JOIN LATERAL (VALUES ('type', d.type), ('template', d.template_id), ('oa', d.zalo_oa_id::text)) k(dimension, key)
GROUP BY 1, 2, 3, 4;
