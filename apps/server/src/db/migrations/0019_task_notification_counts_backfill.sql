-- Custom SQL migration file, put your code below! --
UPDATE "review_task_participants" p SET "name" = t."name" FROM "review_tasks" t WHERE t."id" = p."task_id";--> statement-breakpoint
INSERT INTO "review_task_counts" ("user_id", "tenant_id", "module", "kind", "team_id", "status", "n") SELECT "user_id", "tenant_id", "module", "kind", "team_id", "status", count(*)::int FROM "review_task_participants" WHERE "kind" IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "notification_counts" ("user_id", "merchant_id", "tenant_id", "total", "unread") SELECT "user_id", "merchant_id", "tenant_id", count(*)::int, (count(*) FILTER (WHERE "status" = 'new'))::int FROM "notifications" GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE INDEX "review_task_participants_user_page_idx" ON "review_task_participants" USING btree ("user_id", "tenant_id", "created_at", "task_id") INCLUDE ("status", "module", "kind", "team_id", "name");
