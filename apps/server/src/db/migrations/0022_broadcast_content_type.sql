ALTER TABLE "oa_broadcasts" ADD COLUMN "content_type" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
CREATE INDEX "oa_broadcasts_tenant_type_idx" ON "oa_broadcasts" USING btree ("tenant_id","content_type","created_at");--> statement-breakpoint
ALTER TABLE "oa_broadcasts" ADD CONSTRAINT "oa_broadcasts_content_type_ck" CHECK ("oa_broadcasts"."content_type" in ('post', 'video'));