-- ADR 0024: message_history's statements append what they change to message_stat_deltas (statement
-- triggers with transition tables: one insert per statement, whatever its row count, and no row lock
-- taken on a shared counter, so concurrent sends never wait for each other here). The stats fold
-- loop (modules/stats/fold.ts) moves the deltas into the rollups.
CREATE FUNCTION message_stats_contribution(m message_history, sign int)
RETURNS TABLE (tenant_id uuid, hour timestamptz, module text, zalo_oa_id uuid, type text, template_id text, api_key_id uuid, campaign_id uuid, error_code int,
  total bigint, pending bigint, sent bigint, delivered bigint, failed bigint, charged bigint, cost bigint, list_cost bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT m.tenant_id, date_trunc('hour', m.created_at), m.module, m.zalo_oa_id, m.type, coalesce(m.zns_template_id, ''),
    coalesce(m.api_key_id, '00000000-0000-0000-0000-000000000000'::uuid), coalesce(m.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid),
    CASE WHEN m.status IN ('ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO') THEN coalesce(m.error_code, 0) ELSE 0 END,
    sign::bigint,
    (CASE WHEN m.status IN ('PENDING', 'PROCESSING', 'PUSHED_QUEUE') THEN sign ELSE 0 END)::bigint,
    (CASE WHEN m.status IN ('PUSHED_ZALO', 'RECEIVED') THEN sign ELSE 0 END)::bigint,
    (CASE WHEN m.status = 'RECEIVED' THEN sign ELSE 0 END)::bigint,
    (CASE WHEN m.status IN ('ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO') THEN sign ELSE 0 END)::bigint,
    (CASE WHEN m.is_charged THEN sign ELSE 0 END)::bigint,
    (CASE WHEN m.is_charged THEN sign * m.price ELSE 0 END)::bigint,
    (CASE WHEN m.is_charged THEN sign * coalesce(m.list_price, m.price) ELSE 0 END)::bigint
$$;
--> statement-breakpoint
CREATE FUNCTION message_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_stat_deltas (tenant_id, hour, module, zalo_oa_id, type, template_id, api_key_id, campaign_id, error_code, total, pending, sent, delivered, failed, charged, cost, list_cost)
  SELECT c.tenant_id, c.hour, c.module, c.zalo_oa_id, c.type, c.template_id, c.api_key_id, c.campaign_id, c.error_code,
    sum(c.total), sum(c.pending), sum(c.sent), sum(c.delivered), sum(c.failed), sum(c.charged), sum(c.cost), sum(c.list_cost)
  FROM new_rows n CROSS JOIN LATERAL message_stats_contribution(n, 1) c
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION message_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_stat_deltas (tenant_id, hour, module, zalo_oa_id, type, template_id, api_key_id, campaign_id, error_code, total, pending, sent, delivered, failed, charged, cost, list_cost)
  SELECT c.tenant_id, c.hour, c.module, c.zalo_oa_id, c.type, c.template_id, c.api_key_id, c.campaign_id, c.error_code,
    sum(c.total), sum(c.pending), sum(c.sent), sum(c.delivered), sum(c.failed), sum(c.charged), sum(c.cost), sum(c.list_cost)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (SELECT * FROM message_stats_contribution(o, -1) UNION ALL SELECT * FROM message_stats_contribution(n, 1)) c
  WHERE (o.status, o.is_charged, o.price, o.list_price, o.error_code, o.zns_template_id, o.api_key_id, o.campaign_id, o.zalo_oa_id, o.type, o.module, o.created_at, o.tenant_id)
    IS DISTINCT FROM (n.status, n.is_charged, n.price, n.list_price, n.error_code, n.zns_template_id, n.api_key_id, n.campaign_id, n.zalo_oa_id, n.type, n.module, n.created_at, n.tenant_id)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  HAVING sum(c.total) <> 0 OR sum(c.pending) <> 0 OR sum(c.sent) <> 0 OR sum(c.delivered) <> 0 OR sum(c.failed) <> 0 OR sum(c.charged) <> 0 OR sum(c.cost) <> 0 OR sum(c.list_cost) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_history_stats_insert AFTER INSERT ON message_history REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_stats_on_insert();
--> statement-breakpoint
CREATE TRIGGER message_history_stats_update AFTER UPDATE ON message_history REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_stats_on_update();
--> statement-breakpoint
-- Messages sent before this migration: counted once, as one delta per key.
INSERT INTO message_stat_deltas (tenant_id, hour, module, zalo_oa_id, type, template_id, api_key_id, campaign_id, error_code, total, pending, sent, delivered, failed, charged, cost, list_cost)
SELECT c.tenant_id, c.hour, c.module, c.zalo_oa_id, c.type, c.template_id, c.api_key_id, c.campaign_id, c.error_code,
  sum(c.total), sum(c.pending), sum(c.sent), sum(c.delivered), sum(c.failed), sum(c.charged), sum(c.cost), sum(c.list_cost)
FROM message_history m CROSS JOIN LATERAL message_stats_contribution(m, 1) c
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
