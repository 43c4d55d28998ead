CREATE TABLE "zma_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid,
	"branch_id" uuid,
	"gift_item_id" uuid,
	"gift_code_id" uuid,
	"draw_id" uuid,
	"actor_user_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_activity_kind_ck" CHECK ("zma_activity"."kind" in ('CUSTOMER_JOINED', 'PHONE_SHARED', 'OA_FOLLOWED', 'SPIN', 'GIFT_WON', 'CODE_ALLOCATED', 'CODE_USED', 'CODE_EXPIRED', 'CODE_CANCELLED', 'CODE_RECALLED', 'CODES_GENERATED', 'TURNS_GRANTED', 'REFERRAL_REWARDED', 'REFERRAL_REJECTED', 'STOCK_CHANGED', 'GIFTS_IMPORTED'))
);
--> statement-breakpoint
CREATE TABLE "zma_affiliate_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"reward_turns" integer DEFAULT 0 NOT NULL,
	"reward_gift_item_id" uuid,
	"new_customer_turns" integer DEFAULT 0 NOT NULL,
	"max_rewards_per_referrer" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_affiliate_status_ck" CHECK ("zma_affiliate_campaigns"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "zma_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zma_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"zalo_app_id" text NOT NULL,
	"app_secret_enc" text NOT NULL,
	"zalo_oa_id" uuid,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_apps_status_ck" CHECK ("zma_apps"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "zma_branch_games" (
	"branch_id" uuid NOT NULL,
	"draw_id" uuid NOT NULL,
	CONSTRAINT "zma_branch_games_branch_id_draw_id_pk" PRIMARY KEY("branch_id","draw_id")
);
--> statement-breakpoint
CREATE TABLE "zma_branch_staff" (
	"branch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "zma_branch_staff_branch_id_user_id_pk" PRIMARY KEY("branch_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "zma_branch_stock" (
	"branch_id" uuid NOT NULL,
	"gift_item_id" uuid NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"low_threshold" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_branch_stock_branch_id_gift_item_id_pk" PRIMARY KEY("branch_id","gift_item_id"),
	CONSTRAINT "zma_branch_stock_qty_ck" CHECK (quantity >= 0 and low_threshold >= 0)
);
--> statement-breakpoint
CREATE TABLE "zma_branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text DEFAULT 'BRANCH' NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"phone" text,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_branches_type_ck" CHECK ("zma_branches"."type" in ('BRANCH', 'MINIAPP')),
	CONSTRAINT "zma_branches_status_ck" CHECK ("zma_branches"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "zma_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"zalo_user_id" text NOT NULL,
	"id_by_oa" text,
	"name" text DEFAULT '' NOT NULL,
	"avatar" text,
	"phone" text,
	"phone_shared_at" timestamp with time zone,
	"gender" text DEFAULT 'none' NOT NULL,
	"is_follower" boolean DEFAULT false NOT NULL,
	"bonus_turns" integer DEFAULT 0 NOT NULL,
	"referred_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "zma_customers_gender_ck" CHECK ("zma_customers"."gender" in ('none', 'male', 'female')),
	CONSTRAINT "zma_customers_bonus_ck" CHECK (bonus_turns >= 0)
);
--> statement-breakpoint
CREATE TABLE "zma_draw_prizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draw_id" uuid NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"gift_item_id" uuid,
	"label" text NOT NULL,
	"probability" integer NOT NULL,
	"stock" integer,
	"won" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"color" text,
	CONSTRAINT "zma_draw_prizes_ck" CHECK (probability >= 0 and probability <= 1000000 and (stock is null or (stock >= 0 and won <= stock)) and won >= 0)
);
--> statement-breakpoint
CREATE TABLE "zma_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"look" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_draws_status_ck" CHECK ("zma_draws"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "zma_gift_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"gift_item_id" uuid NOT NULL,
	"requested" integer NOT NULL,
	"generated" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "zma_gift_code_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_id" uuid NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"code" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"customer_id" uuid,
	"branch_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zma_gift_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"gift_item_id" uuid NOT NULL,
	"batch_id" uuid,
	"code" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"customer_id" uuid,
	"branch_id" uuid,
	"spin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "zma_gift_codes_status_ck" CHECK ("zma_gift_codes"."status" in ('NEW', 'ALLOCATED', 'USED', 'EXPIRED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "zma_gift_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"price_mode" text DEFAULT 'RANGE' NOT NULL,
	"value_min" bigint DEFAULT 0 NOT NULL,
	"value_max" bigint DEFAULT 0 NOT NULL,
	"coefficient" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"discount_kind" text,
	"discount_value" bigint,
	"min_order_value" bigint,
	"conditions" text,
	"code_validity_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_gift_items_type_ck" CHECK ("zma_gift_items"."type" in ('ITEM', 'VOUCHER')),
	CONSTRAINT "zma_gift_items_status_ck" CHECK ("zma_gift_items"."status" in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "zma_gift_items_price_mode_ck" CHECK ("zma_gift_items"."price_mode" in ('RANGE', 'COEFFICIENT')),
	CONSTRAINT "zma_gift_items_values_ck" CHECK (value_min >= 0 and value_max >= value_min)
);
--> statement-breakpoint
CREATE TABLE "zma_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"referrer_customer_id" uuid NOT NULL,
	"referred_zalo_user_id" text NOT NULL,
	"referred_customer_id" uuid,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zma_role_members" (
	"zma_app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_role_members_zma_app_id_user_id_pk" PRIMARY KEY("zma_app_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "zma_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zma_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"draw_id" uuid,
	"name" text NOT NULL,
	"condition_type" text NOT NULL,
	"frequency" text DEFAULT 'DAILY' NOT NULL,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"gender" text DEFAULT 'none' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_rules_condition_ck" CHECK ("zma_rules"."condition_type" in ('GAME_RESULT', 'GAME_TURN', 'GIFT_USAGE', 'INFO_NOT_SHARED')),
	CONSTRAINT "zma_rules_frequency_ck" CHECK ("zma_rules"."frequency" in ('DAILY', 'WEEKLY')),
	CONSTRAINT "zma_rules_gender_ck" CHECK ("zma_rules"."gender" in ('none', 'male', 'female')),
	CONSTRAINT "zma_rules_status_ck" CHECK ("zma_rules"."status" in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "zma_rules_value_ck" CHECK (value >= 0)
);
--> statement-breakpoint
CREATE TABLE "zma_spins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zma_app_id" uuid NOT NULL,
	"draw_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"prize_id" uuid,
	"gift_code_id" uuid,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zma_spins_outcome_ck" CHECK ("zma_spins"."outcome" in ('WIN', 'NO_PRIZE'))
);
--> statement-breakpoint
CREATE TABLE "zma_turn_usage" (
	"customer_id" uuid NOT NULL,
	"draw_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zma_turn_usage_customer_id_draw_id_period_key_pk" PRIMARY KEY("customer_id","draw_id","period_key"),
	CONSTRAINT "zma_turn_usage_ck" CHECK (used >= 0 and wins >= 0)
);
--> statement-breakpoint
ALTER TABLE "zma_activity" ADD CONSTRAINT "zma_activity_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_activity" ADD CONSTRAINT "zma_activity_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_affiliate_campaigns" ADD CONSTRAINT "zma_affiliate_campaigns_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_affiliate_campaigns" ADD CONSTRAINT "zma_affiliate_campaigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_affiliate_campaigns" ADD CONSTRAINT "zma_affiliate_campaigns_reward_gift_item_id_zma_gift_items_id_fk" FOREIGN KEY ("reward_gift_item_id") REFERENCES "public"."zma_gift_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_api_keys" ADD CONSTRAINT "zma_api_keys_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_api_keys" ADD CONSTRAINT "zma_api_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_api_keys" ADD CONSTRAINT "zma_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_apps" ADD CONSTRAINT "zma_apps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_apps" ADD CONSTRAINT "zma_apps_zalo_oa_id_zalo_oas_id_fk" FOREIGN KEY ("zalo_oa_id") REFERENCES "public"."zalo_oas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_apps" ADD CONSTRAINT "zma_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branch_games" ADD CONSTRAINT "zma_branch_games_branch_id_zma_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."zma_branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branch_games" ADD CONSTRAINT "zma_branch_games_draw_id_zma_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."zma_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branch_staff" ADD CONSTRAINT "zma_branch_staff_branch_id_zma_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."zma_branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branch_staff" ADD CONSTRAINT "zma_branch_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branch_stock" ADD CONSTRAINT "zma_branch_stock_branch_id_zma_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."zma_branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branch_stock" ADD CONSTRAINT "zma_branch_stock_gift_item_id_zma_gift_items_id_fk" FOREIGN KEY ("gift_item_id") REFERENCES "public"."zma_gift_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branch_stock" ADD CONSTRAINT "zma_branch_stock_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branches" ADD CONSTRAINT "zma_branches_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_branches" ADD CONSTRAINT "zma_branches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_customers" ADD CONSTRAINT "zma_customers_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_customers" ADD CONSTRAINT "zma_customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_draw_prizes" ADD CONSTRAINT "zma_draw_prizes_draw_id_zma_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."zma_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_draw_prizes" ADD CONSTRAINT "zma_draw_prizes_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_draw_prizes" ADD CONSTRAINT "zma_draw_prizes_gift_item_id_zma_gift_items_id_fk" FOREIGN KEY ("gift_item_id") REFERENCES "public"."zma_gift_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_draws" ADD CONSTRAINT "zma_draws_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_draws" ADD CONSTRAINT "zma_draws_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_draws" ADD CONSTRAINT "zma_draws_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_code_batches" ADD CONSTRAINT "zma_gift_code_batches_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_code_batches" ADD CONSTRAINT "zma_gift_code_batches_gift_item_id_zma_gift_items_id_fk" FOREIGN KEY ("gift_item_id") REFERENCES "public"."zma_gift_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_code_batches" ADD CONSTRAINT "zma_gift_code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_code_events" ADD CONSTRAINT "zma_gift_code_events_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_code_events" ADD CONSTRAINT "zma_gift_code_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_code_events" ADD CONSTRAINT "zma_gift_code_events_customer_id_zma_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."zma_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_code_events" ADD CONSTRAINT "zma_gift_code_events_branch_id_zma_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."zma_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_codes" ADD CONSTRAINT "zma_gift_codes_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_codes" ADD CONSTRAINT "zma_gift_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_codes" ADD CONSTRAINT "zma_gift_codes_gift_item_id_zma_gift_items_id_fk" FOREIGN KEY ("gift_item_id") REFERENCES "public"."zma_gift_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_codes" ADD CONSTRAINT "zma_gift_codes_customer_id_zma_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."zma_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_codes" ADD CONSTRAINT "zma_gift_codes_branch_id_zma_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."zma_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_items" ADD CONSTRAINT "zma_gift_items_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_gift_items" ADD CONSTRAINT "zma_gift_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_referrals" ADD CONSTRAINT "zma_referrals_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_referrals" ADD CONSTRAINT "zma_referrals_campaign_id_zma_affiliate_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."zma_affiliate_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_referrals" ADD CONSTRAINT "zma_referrals_referrer_customer_id_zma_customers_id_fk" FOREIGN KEY ("referrer_customer_id") REFERENCES "public"."zma_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_referrals" ADD CONSTRAINT "zma_referrals_referred_customer_id_zma_customers_id_fk" FOREIGN KEY ("referred_customer_id") REFERENCES "public"."zma_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_role_members" ADD CONSTRAINT "zma_role_members_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_role_members" ADD CONSTRAINT "zma_role_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_role_members" ADD CONSTRAINT "zma_role_members_role_id_zma_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."zma_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_roles" ADD CONSTRAINT "zma_roles_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_roles" ADD CONSTRAINT "zma_roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_rules" ADD CONSTRAINT "zma_rules_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_rules" ADD CONSTRAINT "zma_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_rules" ADD CONSTRAINT "zma_rules_draw_id_zma_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."zma_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_spins" ADD CONSTRAINT "zma_spins_zma_app_id_zma_apps_id_fk" FOREIGN KEY ("zma_app_id") REFERENCES "public"."zma_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_spins" ADD CONSTRAINT "zma_spins_draw_id_zma_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."zma_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_spins" ADD CONSTRAINT "zma_spins_customer_id_zma_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."zma_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_spins" ADD CONSTRAINT "zma_spins_prize_id_zma_draw_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."zma_draw_prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_turn_usage" ADD CONSTRAINT "zma_turn_usage_customer_id_zma_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."zma_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zma_turn_usage" ADD CONSTRAINT "zma_turn_usage_draw_id_zma_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."zma_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zma_activity_app_idx" ON "zma_activity" USING btree ("zma_app_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "zma_activity_tenant_idx" ON "zma_activity" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "zma_activity_customer_idx" ON "zma_activity" USING btree ("customer_id","created_at" DESC NULLS LAST) WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "zma_affiliate_campaigns_app_idx" ON "zma_affiliate_campaigns" USING btree ("zma_app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "zma_api_keys_secret_key" ON "zma_api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "zma_api_keys_app_idx" ON "zma_api_keys" USING btree ("zma_app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "zma_apps_zalo_app_key" ON "zma_apps" USING btree ("zalo_app_id");--> statement-breakpoint
CREATE INDEX "zma_apps_tenant_idx" ON "zma_apps" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "zma_branch_games_draw_idx" ON "zma_branch_games" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "zma_branches_app_idx" ON "zma_branches" USING btree ("zma_app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "zma_customers_user_key" ON "zma_customers" USING btree ("zma_app_id","zalo_user_id");--> statement-breakpoint
CREATE INDEX "zma_customers_app_idx" ON "zma_customers" USING btree ("zma_app_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "zma_customers_phone_idx" ON "zma_customers" USING btree ("zma_app_id","phone") WHERE phone is not null;--> statement-breakpoint
CREATE INDEX "zma_draw_prizes_draw_idx" ON "zma_draw_prizes" USING btree ("draw_id","position");--> statement-breakpoint
CREATE INDEX "zma_draws_app_idx" ON "zma_draws" USING btree ("zma_app_id","created_at");--> statement-breakpoint
CREATE INDEX "zma_gift_code_events_code_idx" ON "zma_gift_code_events" USING btree ("code_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "zma_gift_codes_code_key" ON "zma_gift_codes" USING btree ("zma_app_id","code");--> statement-breakpoint
CREATE INDEX "zma_gift_codes_new_idx" ON "zma_gift_codes" USING btree ("gift_item_id") WHERE status = 'NEW';--> statement-breakpoint
CREATE INDEX "zma_gift_codes_customer_idx" ON "zma_gift_codes" USING btree ("customer_id","assigned_at" DESC NULLS LAST) WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "zma_gift_codes_app_list_idx" ON "zma_gift_codes" USING btree ("zma_app_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "zma_gift_codes_expiry_idx" ON "zma_gift_codes" USING btree ("expires_at") WHERE status = 'ALLOCATED' and expires_at is not null;--> statement-breakpoint
CREATE INDEX "zma_gift_items_app_idx" ON "zma_gift_items" USING btree ("zma_app_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "zma_referrals_referred_key" ON "zma_referrals" USING btree ("zma_app_id","referred_zalo_user_id");--> statement-breakpoint
CREATE INDEX "zma_referrals_referrer_idx" ON "zma_referrals" USING btree ("referrer_customer_id","campaign_id");--> statement-breakpoint
CREATE INDEX "zma_role_members_role_idx" ON "zma_role_members" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zma_roles_name_key" ON "zma_roles" USING btree ("zma_app_id","name");--> statement-breakpoint
CREATE INDEX "zma_rules_app_idx" ON "zma_rules" USING btree ("zma_app_id","created_at");--> statement-breakpoint
CREATE INDEX "zma_spins_draw_idx" ON "zma_spins" USING btree ("draw_id","created_at");--> statement-breakpoint
CREATE INDEX "zma_spins_app_idx" ON "zma_spins" USING btree ("zma_app_id","created_at");--> statement-breakpoint
CREATE INDEX "zma_spins_customer_idx" ON "zma_spins" USING btree ("customer_id","created_at");