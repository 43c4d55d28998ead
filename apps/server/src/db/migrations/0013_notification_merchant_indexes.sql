DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_merchant_idx" ON "notifications" USING btree ("user_id","merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_merchant_new_idx" ON "notifications" USING btree ("user_id","merchant_id") WHERE status = 'new';