-- File stand (issue 16 #6): files uploaded before tenant_files existed, found where the tenant's
-- rows keep their URLs (the declared uses of modules/tenant-files/uses.ts, tenant avatars aside:
-- the organisation uploads those). Sizes are unknown here except for ticket attachments and OA
-- videos; the file stand fills the others from the store when it first lists them.
insert into "tenant_files" ("tenant_id", "key", "name", "content_type", "size", "source", "created_at")
select distinct on (s.tenant_id, s.key)
  s.tenant_id, s.key, coalesce(nullif(s.name, ''), s.key),
  case split_part(s.key, '.', 2)
    when 'jpg' then 'image/jpeg' when 'png' then 'image/png' when 'gif' then 'image/gif'
    when 'mp4' then 'video/mp4' when 'avi' then 'video/x-msvideo' when 'pdf' then 'application/pdf'
    when 'doc' then 'application/msword' when 'docx' then 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    when 'csv' then 'text/csv' else 'application/octet-stream' end,
  s.size, 'backfill', s.created_at
from (
  select t.tenant_id, m[1] as key, null::text as name, null::bigint as size, t.created_at
    from "oa_contents" t, regexp_matches(coalesce(t.avatar, '') || ' ' || coalesce(t.cover::text, ''), '([a-f0-9]{40}\.(?:jpg|png|gif|mp4|avi|pdf|docx|doc|csv))', 'g') m
  union all
  select t.tenant_id, m[1], t.name, t.size, t.created_at
    from "oa_videos" t, regexp_matches(t.file_url, '([a-f0-9]{40}\.(?:jpg|png|gif|mp4|avi|pdf|docx|doc|csv))', 'g') m
  union all
  select t.tenant_id, m[1], null, null, t.created_at
    from "oa_update_requests" t, regexp_matches(coalesce(t.avatar, '') || ' ' || coalesce(t.cover, ''), '([a-f0-9]{40}\.(?:jpg|png|gif|mp4|avi|pdf|docx|doc|csv))', 'g') m
  union all
  select t.tenant_id, m[1], null, null, t.created_at
    from "template_requests" t, regexp_matches(t.payload::text, '([a-f0-9]{40}\.(?:jpg|png|gif|mp4|avi|pdf|docx|doc|csv))', 'g') m
  union all
  select t.tenant_id, m[1], null, null, t.created_at
    from "teams" t, regexp_matches(coalesce(t.avatar, ''), '([a-f0-9]{40}\.(?:jpg|png|gif|mp4|avi|pdf|docx|doc|csv))', 'g') m
  union all
  select t.tenant_id, m[1], a->>'name', case when jsonb_typeof(a->'size') = 'number' then (a->>'size')::bigint end, t.created_at
    from "ticket_comments" t, jsonb_array_elements(t.attachments) a, regexp_matches(coalesce(a->>'url', ''), '([a-f0-9]{40}\.(?:jpg|png|gif|mp4|avi|pdf|docx|doc|csv))', 'g') m
  union all
  select t.tenant_id, m[1], null, null, t.created_at
    from "zma_apps" t, regexp_matches(coalesce(t.logo_url, ''), '([a-f0-9]{40}\.(?:jpg|png|gif|mp4|avi|pdf|docx|doc|csv))', 'g') m
  union all
  select t.tenant_id, m[1], t.name, null, t.created_at
    from "zma_gift_items" t, regexp_matches(coalesce(t.image_url, ''), '([a-f0-9]{40}\.(?:jpg|png|gif|mp4|avi|pdf|docx|doc|csv))', 'g') m
) s
order by s.tenant_id, s.key, s.created_at
on conflict ("tenant_id", "key") do nothing;
