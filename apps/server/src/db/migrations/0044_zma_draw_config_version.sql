ALTER TABLE "zma_gift_codes" DROP CONSTRAINT "zma_gift_codes_zma_app_id_zma_apps_id_fk";
--> statement-breakpoint
ALTER TABLE "zma_draws" ADD COLUMN "config_version" integer DEFAULT 0 NOT NULL;