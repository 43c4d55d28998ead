ALTER TABLE "zalo_events" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "zalo_events" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "zalo_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zalo_events" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "zalo_events" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "zalo_events_pending" ON "zalo_events" USING btree ("seq") WHERE pending;