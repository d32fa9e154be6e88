CREATE TABLE "chat_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" uuid NOT NULL,
	"library_video_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "library_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"youtube_url" text,
	"video_id" text,
	"title" text,
	"transcript" text NOT NULL,
	"segments" jsonb,
	"duration_seconds" double precision,
	"word_count" integer DEFAULT 0 NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now(),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_passages" (
	"library_video_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_seconds" double precision,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED NOT NULL,
	CONSTRAINT "video_passages_library_video_id_position_pk" PRIMARY KEY("library_video_id","position")
);
--> statement-breakpoint
ALTER TABLE "chat_sources" ADD CONSTRAINT "chat_sources_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sources" ADD CONSTRAINT "chat_sources_library_video_id_library_videos_id_fk" FOREIGN KEY ("library_video_id") REFERENCES "public"."library_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_videos" ADD CONSTRAINT "library_videos_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_passages" ADD CONSTRAINT "video_passages_library_video_id_library_videos_id_fk" FOREIGN KEY ("library_video_id") REFERENCES "public"."library_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sources_chat_number_idx" ON "chat_sources" USING btree ("chat_id","number");--> statement-breakpoint
CREATE INDEX "chat_sources_video_idx" ON "chat_sources" USING btree ("library_video_id");--> statement-breakpoint
CREATE INDEX "library_videos_user_idx" ON "library_videos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "library_videos_unindexed_idx" ON "library_videos" USING btree ("id") WHERE "library_videos"."indexed_at" is null;--> statement-breakpoint
CREATE INDEX "video_passages_search_idx" ON "video_passages" USING gin ("search");--> statement-breakpoint
-- Every chat becomes a one-source consultation: its transcript is a video of its user's library (with
-- the chat's id, and titled as YouTube titled it), its source 1. Its passages are indexed when the
-- server starts (indexed_at null: see decision 038).
INSERT INTO "library_videos" ("id", "user_id", "youtube_url", "video_id", "title", "transcript", "segments", "indexed_at", "created_at")
SELECT c."id", c."user_id", c."youtube_url", c."video_id", tc."title", c."transcript", c."transcript_segments", NULL, c."created_at"
FROM "chats" c LEFT JOIN "transcript_cache" tc ON tc."video_id" = c."video_id";--> statement-breakpoint
INSERT INTO "chat_sources" ("chat_id", "library_video_id", "number", "created_at")
SELECT c."id", c."id", 1, c."created_at" FROM "chats" c;
