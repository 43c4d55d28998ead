CREATE TABLE "wallet_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"amount" bigint NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "wallet_holds_amounts_ck" CHECK ("wallet_holds"."amount" >= 0 and "wallet_holds"."used" >= 0 and "wallet_holds"."used" <= "wallet_holds"."amount"),
	CONSTRAINT "wallet_holds_status_ck" CHECK ("wallet_holds"."status" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "hold_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_holds_ref_key" ON "wallet_holds" USING btree ("wallet_id","ref");--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_hold_id_wallet_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."wallet_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_hold_reason_key" ON "wallet_entries" USING btree ("hold_id","reason") WHERE hold_id is not null and message_id is null;