ALTER TABLE "review_task_participants" ADD COLUMN "name_search" text GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "review_task_participants_user_page_idx";--> statement-breakpoint
CREATE INDEX "review_task_participants_user_page_idx" ON "review_task_participants" USING btree ("user_id", "tenant_id", "created_at", "task_id") INCLUDE ("status", "module", "kind", "team_id", "name_search");
