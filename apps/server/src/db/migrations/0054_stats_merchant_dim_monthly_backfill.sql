-- The monthly breakdown rollup starts from the daily one (the fold adds to both from here on); the fold's
-- lock keeps a fold of another process from adding to the daily rows while they are copied.
SELECT pg_advisory_xact_lock(hashtext('message-stats-fold'));
--> statement-breakpoint
INSERT INTO message_stats_merchant_dim_monthly (merchant_id, month, dimension, key, total, pending, sent, delivered, failed, charged, cost, list_cost)
SELECT merchant_id, date_trunc('month', day)::date, dimension, key, sum(total), sum(pending), sum(sent), sum(delivered), sum(failed), sum(charged), sum(cost), sum(list_cost)
FROM message_stats_merchant_dim_daily
GROUP BY 1, 2, 3, 4;
