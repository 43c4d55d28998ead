ALTER TABLE "zma_activity" DROP CONSTRAINT "zma_activity_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "zma_gift_codes" DROP CONSTRAINT "zma_gift_codes_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "zma_spins" DROP CONSTRAINT "zma_spins_zma_app_id_zma_apps_id_fk";
