CREATE TABLE "chat_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	"youtube_url" text,
	"video_id" text,
	"title" text,
	"transcript" text NOT NULL,
	"segments" jsonb,
	"duration_seconds" double precision,
	"word_count" integer DEFAULT 0 NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now(),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "source_passages" (
	"source_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_seconds" double precision,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED NOT NULL,
	CONSTRAINT "source_passages_source_id_position_pk" PRIMARY KEY("source_id","position")
);
--> statement-breakpoint
ALTER TABLE "chat_sources" ADD CONSTRAINT "chat_sources_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sources" ADD CONSTRAINT "chat_sources_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_passages" ADD CONSTRAINT "source_passages_source_id_chat_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."chat_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sources_chat_number_idx" ON "chat_sources" USING btree ("chat_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sources_chat_video_idx" ON "chat_sources" USING btree ("chat_id","video_id") WHERE "chat_sources"."removed_at" is null and "chat_sources"."video_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_sources_user_idx" ON "chat_sources" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_sources_unindexed_idx" ON "chat_sources" USING btree ("id") WHERE "chat_sources"."indexed_at" is null;--> statement-breakpoint
CREATE INDEX "source_passages_search_idx" ON "source_passages" USING gin ("search");--> statement-breakpoint
-- Every chat becomes a one-source consultation: its own video is source 1, titled as YouTube titled it.
-- Its passages are indexed when the server starts (indexed_at null: see decision 033).
INSERT INTO "chat_sources" ("chat_id", "user_id", "number", "youtube_url", "video_id", "title", "transcript", "segments", "indexed_at", "created_at")
SELECT c."id", c."user_id", 1, c."youtube_url", c."video_id", tc."title", c."transcript", c."transcript_segments", NULL, c."created_at"
FROM "chats" c LEFT JOIN "transcript_cache" tc ON tc."video_id" = c."video_id";
