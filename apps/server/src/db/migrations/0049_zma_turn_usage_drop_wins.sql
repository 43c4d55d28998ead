ALTER TABLE "zma_turn_usage" DROP CONSTRAINT "zma_turn_usage_ck";--> statement-breakpoint
ALTER TABLE "zma_turn_usage" DROP COLUMN "wins";--> statement-breakpoint
ALTER TABLE "zma_turn_usage" ADD CONSTRAINT "zma_turn_usage_ck" CHECK (used >= 0);