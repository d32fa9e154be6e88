DROP INDEX "user_created_at_idx";--> statement-breakpoint
DROP INDEX "payment_methods_user_idx";--> statement-breakpoint
DROP INDEX "subscriptions_user_newest_idx";--> statement-breakpoint
DROP INDEX "chats_user_recent_idx";--> statement-breakpoint
DROP INDEX "audit_log_newest_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
DROP INDEX "outbox_emails_to_idx";--> statement-breakpoint
DROP INDEX "waitlist_newest_idx";--> statement-breakpoint
DROP INDEX "support_tickets_user_newest_idx";--> statement-breakpoint
DROP INDEX "support_tickets_unresolved_newest_idx";--> statement-breakpoint
CREATE INDEX "user_email_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin (to_tsvector('english', "content"));--> statement-breakpoint
CREATE INDEX "chats_search_idx" ON "chats" USING gin (to_tsvector('english', coalesce("title", '') || ' ' || "transcript"));--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_user_newest_idx" ON "subscriptions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chats_user_recent_idx" ON "chats" USING btree ("user_id","created_at" DESC NULLS FIRST) WHERE "chats"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "audit_log_newest_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_emails_to_idx" ON "outbox_emails" USING btree ("to_address","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "waitlist_newest_idx" ON "waitlist" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "support_tickets_user_newest_idx" ON "support_tickets" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "support_tickets_unresolved_newest_idx" ON "support_tickets" USING btree ("created_at" DESC NULLS FIRST) WHERE "support_tickets"."resolved" = false;