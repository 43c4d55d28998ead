CREATE TABLE "domain_event_cursors" (
	"handler" text PRIMARY KEY NOT NULL,
	"tx_id" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_event_retries" (
	"handler" text NOT NULL,
	"event_id" bigint NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_retries_handler_event_id_pk" PRIMARY KEY("handler","event_id")
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"tenant_id" uuid,
	"payload" jsonb NOT NULL,
	"tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "domain_event_retries_due_idx" ON "domain_event_retries" USING btree ("handler","next_attempt_at");--> statement-breakpoint
CREATE INDEX "domain_events_merchant_idx" ON "domain_events" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "domain_events_type_tx_idx" ON "domain_events" USING btree ("type","tx_id","id");