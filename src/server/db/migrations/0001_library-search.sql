DROP INDEX "user_created_at_idx";--> statement-breakpoint
CREATE INDEX "user_email_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin (to_tsvector('english', "content"));--> statement-breakpoint
CREATE INDEX "chats_search_idx" ON "chats" USING gin (to_tsvector('english', coalesce("title", '') || ' ' || "transcript"));--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);