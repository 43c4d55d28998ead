-- Enum columns get check constraints (issue 10 #6); every existing row is kept.
-- 1. The invitation status check is renamed to the <table>_<column>_ck convention.
ALTER TABLE "merchant_invitations" DROP CONSTRAINT "merchant_invitations_status_check";
--> statement-breakpoint
-- 2. normalise_auth_throttle_scope: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "auth_throttle" SET "scope" = CASE upper(btrim("scope")) WHEN 'LOGIN-ACCOUNT' THEN 'login-account' WHEN 'LOGIN-IP' THEN 'login-ip' WHEN 'RESET-ACCOUNT' THEN 'reset-account' END WHERE NOT ("auth_throttle"."scope" in ('login-account', 'login-ip', 'reset-account')) AND upper(btrim("scope")) IN ('LOGIN-ACCOUNT', 'LOGIN-IP', 'RESET-ACCOUNT');
--> statement-breakpoint
-- 2. normalise_otp_codes_purpose: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "otp_codes" SET "purpose" = CASE upper(btrim("purpose")) WHEN 'API_KEY' THEN 'API_KEY' WHEN 'GENERIC' THEN 'GENERIC' END WHERE NOT ("otp_codes"."purpose" in ('API_KEY', 'GENERIC')) AND upper(btrim("purpose")) IN ('API_KEY', 'GENERIC');
--> statement-breakpoint
-- 2. normalise_merchant_members_role: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "merchant_members" SET "role" = CASE upper(btrim("role")) WHEN 'OWNER' THEN 'OWNER' WHEN 'ADMIN' THEN 'ADMIN' WHEN 'MODERATOR' THEN 'MODERATOR' WHEN 'USER' THEN 'USER' WHEN 'MARKETING' THEN 'MARKETING' WHEN 'EU' THEN 'EU' END WHERE NOT ("merchant_members"."role" in ('OWNER', 'ADMIN', 'MODERATOR', 'USER', 'MARKETING', 'EU')) AND upper(btrim("role")) IN ('OWNER', 'ADMIN', 'MODERATOR', 'USER', 'MARKETING', 'EU');
--> statement-breakpoint
-- 2. normalise_merchant_invitations_status: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "merchant_invitations" SET "status" = CASE upper(btrim("status")) WHEN 'PENDING' THEN 'PENDING' WHEN 'ACCEPTED' THEN 'ACCEPTED' WHEN 'DECLINED' THEN 'DECLINED' WHEN 'REVOKED' THEN 'REVOKED' END WHERE NOT ("merchant_invitations"."status" in ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED')) AND upper(btrim("status")) IN ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED');
--> statement-breakpoint
-- 2. normalise_merchant_invitations_role: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "merchant_invitations" SET "role" = CASE upper(btrim("role")) WHEN 'OWNER' THEN 'OWNER' WHEN 'ADMIN' THEN 'ADMIN' WHEN 'MODERATOR' THEN 'MODERATOR' WHEN 'USER' THEN 'USER' WHEN 'MARKETING' THEN 'MARKETING' WHEN 'EU' THEN 'EU' END WHERE NOT ("merchant_invitations"."role" in ('OWNER', 'ADMIN', 'MODERATOR', 'USER', 'MARKETING', 'EU')) AND upper(btrim("role")) IN ('OWNER', 'ADMIN', 'MODERATOR', 'USER', 'MARKETING', 'EU');
--> statement-breakpoint
-- 2. normalise_zalo_oas_token_status: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "zalo_oas" SET "token_status" = CASE upper(btrim("token_status")) WHEN 'ACTIVE' THEN 'ACTIVE' WHEN 'REFRESH_FAILED' THEN 'REFRESH_FAILED' END WHERE NOT ("zalo_oas"."token_status" in ('ACTIVE', 'REFRESH_FAILED')) AND upper(btrim("token_status")) IN ('ACTIVE', 'REFRESH_FAILED');
--> statement-breakpoint
-- 2. normalise_wallet_entries_type: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "wallet_entries" SET "type" = CASE upper(btrim("type")) WHEN 'ADD' THEN 'ADD' WHEN 'SUB' THEN 'SUB' END WHERE NOT ("wallet_entries"."type" in ('ADD', 'SUB')) AND upper(btrim("type")) IN ('ADD', 'SUB');
--> statement-breakpoint
-- 2. normalise_wallet_entries_reason: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "wallet_entries" SET "reason" = CASE upper(btrim("reason")) WHEN 'TOPUP' THEN 'TOPUP' WHEN 'ADJUST' THEN 'ADJUST' WHEN 'CHARGE' THEN 'CHARGE' WHEN 'REFUND' THEN 'REFUND' WHEN 'USAGE' THEN 'USAGE' WHEN 'USAGE_REFUND' THEN 'USAGE_REFUND' WHEN 'HOLD' THEN 'HOLD' WHEN 'RELEASE' THEN 'RELEASE' WHEN 'HOLD_CHARGE' THEN 'HOLD_CHARGE' WHEN 'HOLD_REFUND' THEN 'HOLD_REFUND' END WHERE NOT ("wallet_entries"."reason" in ('TOPUP', 'ADJUST', 'CHARGE', 'REFUND', 'USAGE', 'USAGE_REFUND', 'HOLD', 'RELEASE', 'HOLD_CHARGE', 'HOLD_REFUND')) AND upper(btrim("reason")) IN ('TOPUP', 'ADJUST', 'CHARGE', 'REFUND', 'USAGE', 'USAGE_REFUND', 'HOLD', 'RELEASE', 'HOLD_CHARGE', 'HOLD_REFUND');
--> statement-breakpoint
-- 2. normalise_wallets_mode: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "wallets" SET "mode" = CASE upper(btrim("mode")) WHEN 'PREPAID' THEN 'PREPAID' WHEN 'POSTPAID' THEN 'POSTPAID' END WHERE NOT ("wallets"."mode" in ('PREPAID', 'POSTPAID')) AND upper(btrim("mode")) IN ('PREPAID', 'POSTPAID');
--> statement-breakpoint
-- 2. normalise_api_keys_service: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "api_keys" SET "service" = CASE upper(btrim("service")) WHEN 'ZNS' THEN 'ZNS' END WHERE NOT ("api_keys"."service" in ('ZNS')) AND upper(btrim("service")) IN ('ZNS');
--> statement-breakpoint
-- 2. normalise_api_keys_status: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "api_keys" SET "status" = CASE upper(btrim("status")) WHEN 'ACTIVE' THEN 'ACTIVE' WHEN 'INACTIVE' THEN 'INACTIVE' END WHERE NOT ("api_keys"."status" in ('ACTIVE', 'INACTIVE')) AND upper(btrim("status")) IN ('ACTIVE', 'INACTIVE');
--> statement-breakpoint
-- 2. normalise_template_requests_status: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "template_requests" SET "status" = CASE upper(btrim("status")) WHEN 'PENDING' THEN 'PENDING' WHEN 'SUBMITTED' THEN 'SUBMITTED' WHEN 'APPROVED' THEN 'APPROVED' WHEN 'REJECTED' THEN 'REJECTED' WHEN 'FAILED' THEN 'FAILED' END WHERE NOT ("template_requests"."status" in ('PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED', 'FAILED')) AND upper(btrim("status")) IN ('PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED', 'FAILED');
--> statement-breakpoint
-- 2. normalise_message_history_module: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "message_history" SET "module" = CASE upper(btrim("module")) WHEN 'ZNS' THEN 'ZNS' WHEN 'OA' THEN 'OA' END WHERE NOT ("message_history"."module" in ('ZNS', 'OA')) AND upper(btrim("module")) IN ('ZNS', 'OA');
--> statement-breakpoint
-- 2. normalise_message_history_mode: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "message_history" SET "mode" = CASE upper(btrim("mode")) WHEN 'PRODUCTION' THEN 'production' WHEN 'DEVELOPMENT' THEN 'development' END WHERE NOT ("message_history"."mode" in ('production', 'development')) AND upper(btrim("mode")) IN ('PRODUCTION', 'DEVELOPMENT');
--> statement-breakpoint
-- 2. normalise_message_history_type: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "message_history" SET "type" = CASE upper(btrim("type")) WHEN 'CS' THEN 'CS' WHEN 'PROMOTION' THEN 'PROMOTION' WHEN 'TRANSACTION' THEN 'TRANSACTION' WHEN 'GMF' THEN 'GMF' END WHERE NOT ("message_history"."type" in ('CS', 'PROMOTION', 'TRANSACTION', 'GMF')) AND upper(btrim("type")) IN ('CS', 'PROMOTION', 'TRANSACTION', 'GMF');
--> statement-breakpoint
-- 2. normalise_message_history_status: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "message_history" SET "status" = CASE upper(btrim("status")) WHEN 'PENDING' THEN 'PENDING' WHEN 'PROCESSING' THEN 'PROCESSING' WHEN 'PUSHED_QUEUE' THEN 'PUSHED_QUEUE' WHEN 'ERROR_PUSH_QUEUE' THEN 'ERROR_PUSH_QUEUE' WHEN 'ERROR' THEN 'ERROR' WHEN 'ERROR_CALL_ZALO' THEN 'ERROR_CALL_ZALO' WHEN 'PUSHED_ZALO' THEN 'PUSHED_ZALO' WHEN 'RECEIVED' THEN 'RECEIVED' END WHERE NOT ("message_history"."status" in ('PENDING', 'PROCESSING', 'PUSHED_QUEUE', 'ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO', 'PUSHED_ZALO', 'RECEIVED')) AND upper(btrim("status")) IN ('PENDING', 'PROCESSING', 'PUSHED_QUEUE', 'ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO', 'PUSHED_ZALO', 'RECEIVED');
--> statement-breakpoint
-- 2. normalise_message_history_fallback_note: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "message_history" SET "fallback_note" = CASE upper(btrim("fallback_note")) WHEN 'QUEUED' THEN 'QUEUED' WHEN 'NO_FOLLOWER' THEN 'NO_FOLLOWER' WHEN 'INSUFFICIENT_BALANCE' THEN 'INSUFFICIENT_BALANCE' WHEN 'OA_DISABLED' THEN 'OA_DISABLED' WHEN 'EMPTY_CONTENT' THEN 'EMPTY_CONTENT' WHEN 'ERROR' THEN 'ERROR' END WHERE NOT ("message_history"."fallback_note" in ('QUEUED', 'NO_FOLLOWER', 'INSUFFICIENT_BALANCE', 'OA_DISABLED', 'EMPTY_CONTENT', 'ERROR')) AND upper(btrim("fallback_note")) IN ('QUEUED', 'NO_FOLLOWER', 'INSUFFICIENT_BALANCE', 'OA_DISABLED', 'EMPTY_CONTENT', 'ERROR');
--> statement-breakpoint
-- 2. normalise_webhook_deliveries_event: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "webhook_deliveries" SET "event" = CASE upper(btrim("event")) WHEN 'MESSAGE.STATUS' THEN 'message.status' WHEN 'WEBHOOK.TEST' THEN 'webhook.test' END WHERE NOT ("webhook_deliveries"."event" in ('message.status', 'webhook.test')) AND upper(btrim("event")) IN ('MESSAGE.STATUS', 'WEBHOOK.TEST');
--> statement-breakpoint
-- 2. normalise_webhook_deliveries_status: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "webhook_deliveries" SET "status" = CASE upper(btrim("status")) WHEN 'PENDING' THEN 'PENDING' WHEN 'RETRYING' THEN 'RETRYING' WHEN 'SUCCEEDED' THEN 'SUCCEEDED' WHEN 'FAILED' THEN 'FAILED' END WHERE NOT ("webhook_deliveries"."status" in ('PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED')) AND upper(btrim("status")) IN ('PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED');
--> statement-breakpoint
-- 2. normalise_tenant_fallback_settings_message_kind: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "tenant_fallback_settings" SET "message_kind" = CASE upper(btrim("message_kind")) WHEN 'TEXT' THEN 'text' WHEN 'TRANSACTION' THEN 'transaction' END WHERE NOT ("tenant_fallback_settings"."message_kind" in ('text', 'transaction')) AND upper(btrim("message_kind")) IN ('TEXT', 'TRANSACTION');
--> statement-breakpoint
-- 2. normalise_notifications_status: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "notifications" SET "status" = CASE upper(btrim("status")) WHEN 'NEW' THEN 'new' WHEN 'VIEWED' THEN 'viewed' END WHERE NOT ("notifications"."status" in ('new', 'viewed')) AND upper(btrim("status")) IN ('NEW', 'VIEWED');
--> statement-breakpoint
-- 2. normalise_notifications_action: a value that differs from a listed one only in case or surrounding spaces becomes that value.
UPDATE "notifications" SET "action" = CASE upper(btrim("action")) WHEN 'CREATED' THEN 'CREATED' WHEN 'APPROVED' THEN 'APPROVED' WHEN 'REJECTED' THEN 'REJECTED' WHEN 'PUBLISHED' THEN 'PUBLISHED' END WHERE NOT ("notifications"."action" in ('CREATED', 'APPROVED', 'REJECTED', 'PUBLISHED')) AND upper(btrim("action")) IN ('CREATED', 'APPROVED', 'REJECTED', 'PUBLISHED');
--> statement-breakpoint
-- 3. The checks, added NOT VALID: from here on every new or updated row is checked.
ALTER TABLE "auth_throttle" ADD CONSTRAINT "auth_throttle_scope_ck" CHECK ("auth_throttle"."scope" in ('login-account', 'login-ip', 'reset-account')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_purpose_ck" CHECK ("otp_codes"."purpose" in ('API_KEY', 'GENERIC')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "merchant_members" ADD CONSTRAINT "merchant_members_role_ck" CHECK ("merchant_members"."role" in ('OWNER', 'ADMIN', 'MODERATOR', 'USER', 'MARKETING', 'EU')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "merchant_invitations" ADD CONSTRAINT "merchant_invitations_status_ck" CHECK ("merchant_invitations"."status" in ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "merchant_invitations" ADD CONSTRAINT "merchant_invitations_role_ck" CHECK ("merchant_invitations"."role" in ('OWNER', 'ADMIN', 'MODERATOR', 'USER', 'MARKETING', 'EU')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_ck" CHECK ("audit_logs"."action" in ('AUTH_LOGIN', 'AUTH_LOGOUT', 'AUTH_REGISTER', 'AUTH_PASSWORD_RESET_REQUEST', 'AUTH_PASSWORD_RESET', 'AUTH_PASSWORD_CHANGE', 'AUTH_PROFILE_UPDATE', 'OTP_GENERATE', 'OTP_VERIFY', 'MERCHANT_UPDATE_AVATAR', 'MERCHANT_ADD_USER', 'MERCHANT_REMOVE_USER', 'MERCHANT_UPDATE_USER', 'MERCHANT_INVITATION_CREATE', 'MERCHANT_INVITATION_ACCEPT', 'MERCHANT_INVITATION_DECLINE', 'MERCHANT_INVITATION_REVOKE', 'MERCHANT_LEAVE', 'TENANT_CREATE', 'TENANT_UPDATE', 'TENANT_SERVICES_UPDATE', 'USER_GROUP_ADD_USER', 'USER_GROUP_REMOVE_USER', 'USER_GROUP_UPDATE', 'ZALO_OA_CREATE', 'ZALO_OA_UPDATE', 'ZNS_TEMPLATE_SYNC', 'ZNS_TEMPLATE_REQUEST', 'ZALO_OA_FOLLOWER_SYNC', 'PLAYGROUND_SEND', 'PLAYGROUND_UPLOAD', 'WALLET_UPDATE_TENANT_BALANCE', 'API_KEY_CREATE', 'API_KEY_UPDATE', 'API_KEY_DELETE', 'WEBHOOK_CREATE', 'WEBHOOK_UPDATE', 'WEBHOOK_DELETE', 'WEBHOOK_ROTATE_SECRET', 'WEBHOOK_TEST', 'WEBHOOK_REPLAY', 'FALLBACK_UPDATE')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "zalo_oas" ADD CONSTRAINT "zalo_oas_token_status_ck" CHECK ("zalo_oas"."token_status" in ('ACTIVE', 'REFRESH_FAILED')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_type_ck" CHECK ("wallet_entries"."type" in ('ADD', 'SUB')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_reason_ck" CHECK ("wallet_entries"."reason" in ('TOPUP', 'ADJUST', 'CHARGE', 'REFUND', 'USAGE', 'USAGE_REFUND', 'HOLD', 'RELEASE', 'HOLD_CHARGE', 'HOLD_REFUND')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_mode_ck" CHECK ("wallets"."mode" in ('PREPAID', 'POSTPAID')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_service_ck" CHECK ("api_keys"."service" in ('ZNS')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_status_ck" CHECK ("api_keys"."status" in ('ACTIVE', 'INACTIVE')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "template_requests" ADD CONSTRAINT "template_requests_status_ck" CHECK ("template_requests"."status" in ('PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED', 'FAILED')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "message_history" ADD CONSTRAINT "message_history_module_ck" CHECK ("message_history"."module" in ('ZNS', 'OA')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "message_history" ADD CONSTRAINT "message_history_mode_ck" CHECK ("message_history"."mode" in ('production', 'development')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "message_history" ADD CONSTRAINT "message_history_type_ck" CHECK ("message_history"."type" in ('CS', 'PROMOTION', 'TRANSACTION', 'GMF')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "message_history" ADD CONSTRAINT "message_history_status_ck" CHECK ("message_history"."status" in ('PENDING', 'PROCESSING', 'PUSHED_QUEUE', 'ERROR_PUSH_QUEUE', 'ERROR', 'ERROR_CALL_ZALO', 'PUSHED_ZALO', 'RECEIVED')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "message_history" ADD CONSTRAINT "message_history_fallback_note_ck" CHECK ("message_history"."fallback_note" in ('QUEUED', 'NO_FOLLOWER', 'INSUFFICIENT_BALANCE', 'OA_DISABLED', 'EMPTY_CONTENT', 'ERROR')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "tenant_webhooks" ADD CONSTRAINT "tenant_webhooks_events_ck" CHECK (jsonb_typeof("tenant_webhooks"."events") = 'array' and "tenant_webhooks"."events" <@ '["message.status"]'::jsonb) NOT VALID;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_ck" CHECK ("webhook_deliveries"."event" in ('message.status', 'webhook.test')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_status_ck" CHECK ("webhook_deliveries"."status" in ('PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "tenant_fallback_settings" ADD CONSTRAINT "tenant_fallback_settings_message_kind_ck" CHECK ("tenant_fallback_settings"."message_kind" in ('text', 'transaction')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_ck" CHECK ("notifications"."status" in ('new', 'viewed')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_action_ck" CHECK ("notifications"."action" in ('CREATED', 'APPROVED', 'REJECTED', 'PUBLISHED')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_ck" CHECK ("domain_events"."type" in ('message.status_changed', 'message.failed_permanently', 'wallet.threshold_crossed', 'notification.created', 'zalo_oa.token_refresh_failed')) NOT VALID;
--> statement-breakpoint
-- 4. Validate each new check where every row already satisfies it. A row that still holds a value
-- outside its list (no obviously right mapping) is kept as it is; its constraint then stays NOT VALID
-- (new and updated rows are checked, old rows are not) and a warning names it.
DO $$
DECLARE
  c record;
  bad bigint;
BEGIN
  FOR c IN
    SELECT conrelid::regclass AS tbl, conname, pg_get_expr(conbin, conrelid) AS expr
    FROM pg_constraint
    WHERE contype = 'c' AND NOT convalidated AND conname = ANY (ARRAY['auth_throttle_scope_ck', 'otp_codes_purpose_ck', 'merchant_members_role_ck', 'merchant_invitations_status_ck', 'merchant_invitations_role_ck', 'audit_logs_action_ck', 'zalo_oas_token_status_ck', 'wallet_entries_type_ck', 'wallet_entries_reason_ck', 'wallets_mode_ck', 'api_keys_service_ck', 'api_keys_status_ck', 'template_requests_status_ck', 'message_history_module_ck', 'message_history_mode_ck', 'message_history_type_ck', 'message_history_status_ck', 'message_history_fallback_note_ck', 'tenant_webhooks_events_ck', 'webhook_deliveries_event_ck', 'webhook_deliveries_status_ck', 'tenant_fallback_settings_message_kind_ck', 'notifications_status_ck', 'notifications_action_ck', 'domain_events_type_ck'])
  LOOP
    EXECUTE format('SELECT count(*) FROM %s WHERE NOT (%s)', c.tbl, c.expr) INTO bad;
    IF bad = 0 THEN
      EXECUTE format('ALTER TABLE %s VALIDATE CONSTRAINT %I', c.tbl, c.conname);
    ELSE
      RAISE WARNING '% row(s) of % are outside %: kept, the constraint stays NOT VALID', bad, c.tbl, c.conname;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- 5. Postpaid usage recorded before the ledger kept it (helper "money", ADR 0010): one opening USAGE
-- entry per wallet so that postpaid_usage = sum of its USAGE minus USAGE_REFUND entries. Balance unchanged.
INSERT INTO "wallet_entries" ("wallet_id", "type", "value", "new_balance", "reason", "note")
SELECT w."id", 'SUB', w."postpaid_usage" - coalesce(u."net", 0), w."balance", 'USAGE', 'usage recorded before the ledger kept it'
FROM "wallets" w
LEFT JOIN (
  SELECT "wallet_id", sum(CASE "reason" WHEN 'USAGE' THEN "value" ELSE -"value" END) AS "net"
  FROM "wallet_entries" WHERE "reason" IN ('USAGE', 'USAGE_REFUND') GROUP BY "wallet_id"
) u ON u."wallet_id" = w."id"
WHERE w."postpaid_usage" - coalesce(u."net", 0) > 0;
--> statement-breakpoint
-- 6. One charge and one refund per message across kinds (before: per reason).
CREATE UNIQUE INDEX "wallet_entries_message_charge_key" ON "wallet_entries" USING btree ("message_id") WHERE message_id is not null and reason in ('CHARGE', 'USAGE', 'HOLD_CHARGE');
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_message_refund_key" ON "wallet_entries" USING btree ("message_id") WHERE message_id is not null and reason in ('REFUND', 'USAGE_REFUND', 'HOLD_REFUND');
