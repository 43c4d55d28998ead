ALTER TABLE "review_task_participants" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "review_task_participants" ADD COLUMN "team_id" uuid;--> statement-breakpoint
UPDATE "review_task_participants" p SET "kind" = t."kind", "team_id" = t."team_id" FROM "review_tasks" t WHERE t."id" = p."task_id";--> statement-breakpoint
CREATE INDEX "review_task_participants_card_idx" ON "review_task_participants" USING btree ("user_id","tenant_id","status","viewed_at");--> statement-breakpoint
CREATE INDEX "review_task_participants_user_kind_idx" ON "review_task_participants" USING btree ("user_id","tenant_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "review_task_participants_user_team_idx" ON "review_task_participants" USING btree ("user_id","tenant_id","team_id","created_at");--> statement-breakpoint
ALTER TABLE "review_task_participants" ADD CONSTRAINT "review_task_participants_kind_ck" CHECK ("review_task_participants"."kind" in ('OA_CONTENT_POST', 'OA_CONTENT_VIDEO', 'OA_BROADCAST', 'ZNS_CAMPAIGN', 'ZNS_TEMPLATE'));