CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"service" text NOT NULL,
	"template_id" text,
	"template_name" text,
	"count" integer NOT NULL,
	"list_amount" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"tenant_id" uuid,
	"wallet_name" text NOT NULL,
	"period" text NOT NULL,
	"time_zone" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"wallet_mode" text NOT NULL,
	"opening_balance" bigint NOT NULL,
	"top_ups" bigint NOT NULL,
	"charges" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	"holds_placed" bigint NOT NULL,
	"holds_released" bigint NOT NULL,
	"adjustments" bigint NOT NULL,
	"closing_balance" bigint NOT NULL,
	"usage" bigint NOT NULL,
	"usage_refunds" bigint NOT NULL,
	"hold_charges" bigint NOT NULL,
	"hold_refunds" bigint NOT NULL,
	"amount_due" bigint NOT NULL,
	"entry_count" integer NOT NULL,
	"status" text DEFAULT 'GENERATED' NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" uuid,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"payment_amount" bigint,
	"payment_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_status_ck" CHECK ("statements"."status" in ('GENERATED', 'ISSUED', 'PAID')),
	CONSTRAINT "statements_wallet_mode_ck" CHECK ("statements"."wallet_mode" in ('PREPAID', 'POSTPAID'))
);
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_lines_statement_idx" ON "statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_wallet_period_key" ON "statements" USING btree ("wallet_id","period");--> statement-breakpoint
CREATE INDEX "statements_merchant_period_idx" ON "statements" USING btree ("merchant_id","period");--> statement-breakpoint
CREATE INDEX "statements_tenant_period_idx" ON "statements" USING btree ("tenant_id","period");