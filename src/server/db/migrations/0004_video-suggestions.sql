CREATE TABLE "suggestion_picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week" date NOT NULL,
	"position" integer NOT NULL,
	"video_id" text NOT NULL,
	"title" text NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"duration_seconds" integer,
	"published_on" date,
	"thumbnail_url" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "title" || ' ' || "channel" || ' ' || "note") || to_tsvector('english', "tags")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestion_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"keywords" jsonb,
	"weekly_email" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_preferences_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "video_search_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"videos" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_email_sends" (
	"user_id" text NOT NULL,
	"week" date NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_email_sends_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "suggestion_preferences" ADD CONSTRAINT "suggestion_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_email_sends" ADD CONSTRAINT "weekly_email_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_picks_week_video_idx" ON "suggestion_picks" USING btree ("week","video_id");--> statement-breakpoint
CREATE INDEX "suggestion_picks_week_position_idx" ON "suggestion_picks" USING btree ("week","position");--> statement-breakpoint
CREATE INDEX "suggestion_picks_video_idx" ON "suggestion_picks" USING btree ("video_id","week");--> statement-breakpoint
CREATE INDEX "suggestion_picks_search_idx" ON "suggestion_picks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "suggestion_preferences_weekly_idx" ON "suggestion_preferences" USING btree ("user_id") WHERE "suggestion_preferences"."weekly_email";--> statement-breakpoint
CREATE INDEX "chats_user_video_idx" ON "chats" USING btree ("user_id","video_id") WHERE "chats"."video_id" is not null and "chats"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "chats_recent_videos_idx" ON "chats" USING btree ("created_at","video_id","user_id") WHERE "chats"."video_id" is not null and "chats"."deleted_at" is null;