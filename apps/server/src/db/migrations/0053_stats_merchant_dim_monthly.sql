CREATE TABLE "message_stats_merchant_dim_monthly" (
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"list_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_stats_merchant_dim_monthly_pk" PRIMARY KEY("merchant_id","dimension","month","key")
);
--> statement-breakpoint
ALTER TABLE "message_stats_merchant_dim_monthly" ADD CONSTRAINT "message_stats_merchant_dim_monthly_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;