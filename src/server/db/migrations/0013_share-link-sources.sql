ALTER TABLE "share_links" ADD COLUMN "source_ids" jsonb;--> statement-breakpoint
-- Existing links keep the videos their chat has now (its live sources): later ones are not shared.
UPDATE "share_links" SET "source_ids" = coalesce((SELECT jsonb_agg("chat_sources"."id" ORDER BY "chat_sources"."number") FROM "chat_sources" WHERE "chat_sources"."chat_id" = "share_links"."chat_id" AND "chat_sources"."removed_at" IS NULL), '[]'::jsonb);--> statement-breakpoint
ALTER TABLE "share_links" ALTER COLUMN "source_ids" SET NOT NULL;
