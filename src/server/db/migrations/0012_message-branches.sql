ALTER TABLE "chat_messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "current_leaf_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "regeneration_claimed_at" timestamp with time zone;--> statement-breakpoint
-- Every existing chat is one branch: each message follows the one before it, and the branch on screen ends at the newest.
UPDATE "chat_messages" SET "parent_id" = "ordered"."previous_id" FROM (SELECT "id", lag("id") OVER (PARTITION BY "chat_id" ORDER BY "created_at", "seq") AS "previous_id" FROM "chat_messages") AS "ordered" WHERE "ordered"."id" = "chat_messages"."id" AND "ordered"."previous_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chats" SET "current_leaf_id" = (SELECT "id" FROM "chat_messages" WHERE "chat_messages"."chat_id" = "chats"."id" ORDER BY "created_at" DESC, "seq" DESC LIMIT 1);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_parent_id_chat_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_versions_idx" ON "chat_messages" USING btree (coalesce("parent_id", "chat_id"),"created_at","seq");