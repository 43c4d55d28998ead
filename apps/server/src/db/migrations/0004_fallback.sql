CREATE TABLE "tenant_fallback_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"trigger_codes" integer[] DEFAULT '{-114,-119,-139,-140,-141}'::integer[] NOT NULL,
	"message_kind" text DEFAULT 'text' NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_history" ADD COLUMN "fallback_message_id" uuid;--> statement-breakpoint
ALTER TABLE "message_history" ADD COLUMN "fallback_note" text;--> statement-breakpoint
ALTER TABLE "message_history" ADD COLUMN "fallback_of" uuid;--> statement-breakpoint
ALTER TABLE "oa_followers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "tenant_fallback_settings" ADD CONSTRAINT "tenant_fallback_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_fallback_settings" ADD CONSTRAINT "tenant_fallback_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_history_fallback_message_key" ON "message_history" USING btree ("fallback_message_id") WHERE fallback_message_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_history_fallback_of_key" ON "message_history" USING btree ("fallback_of") WHERE fallback_of is not null;--> statement-breakpoint
CREATE INDEX "oa_followers_phone_idx" ON "oa_followers" USING btree ("zalo_oa_id","phone") WHERE phone is not null;--> statement-breakpoint
-- Backfill oa_followers.phone from shared_info.phone: the spellings parseVietnamPhone accepts
-- (84…, +84…, 0084…, 840…, 0…, bare 9 digits; separators stripped) on a known carrier prefix
-- (REFERENCE §9). Pre-2018 11-digit numbers are left null; the next follower sync fills them.
UPDATE "oa_followers" AS f SET "phone" = '84' || n.national
FROM (
	SELECT id, CASE
		WHEN d ~ '^84[0-9]{9}$' THEN substr(d, 3)
		WHEN d ~ '^840[0-9]{9}$' THEN substr(d, 4)
		WHEN d ~ '^0[0-9]{9}$' THEN substr(d, 2)
		WHEN d ~ '^[1-9][0-9]{8}$' THEN d
	END AS national
	FROM (
		SELECT id, CASE WHEN x LIKE '+%' THEN substr(x, 2) WHEN x LIKE '0084%' THEN substr(x, 3) ELSE x END AS d
		FROM (
			SELECT id, regexp_replace(shared_info->>'phone', '[[:space:].()-]', '', 'g') AS x
			FROM "oa_followers"
			WHERE shared_info ? 'phone'
		) AS raw
	) AS s
) AS n
WHERE f.id = n.id AND n.national ~ '^(3[2-9]|5[25689]|7[06-9]|8[1-9]|9[0-46-9])[0-9]{7}$';
