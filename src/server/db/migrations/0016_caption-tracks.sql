ALTER TABLE "transcript_cache" ADD COLUMN "track_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A cached transcript whose track is known is kept under that track's id ('.en', 'a.en'); the others
-- stay under '', the preferred track, as they were read.
UPDATE "transcript_cache" SET "track_id" = CASE "kind" WHEN 'auto' THEN 'a.' ELSE '.' END || "language"
WHERE "language" IS NOT NULL AND "kind" IN ('manual', 'auto');--> statement-breakpoint
ALTER TABLE "transcript_cache" DROP CONSTRAINT "transcript_cache_pkey";--> statement-breakpoint
ALTER TABLE "transcript_cache" ADD CONSTRAINT "transcript_cache_video_id_track_id_pk" PRIMARY KEY("video_id","track_id");--> statement-breakpoint
-- A library video read from YouTube (its segments are the cached ones) takes its cached transcript's
-- language when that is one of ours (shared/languages, by its primary subtag); the others stay null.
UPDATE "library_videos" AS "video"
SET "language" = lower(split_part(split_part("cached"."language", '-', 1), '_', 1))
FROM "transcript_cache" AS "cached"
WHERE "video"."video_id" = "cached"."video_id"
  AND "video"."language" IS NULL
  AND "video"."segments" = "cached"."segments"
  AND lower(split_part(split_part("cached"."language", '-', 1), '_', 1)) IN (
    'en', 'zh', 'hi', 'es', 'fr', 'ar', 'bn', 'pt', 'ru', 'ur', 'id', 'de',
    'ja', 'mr', 'te', 'tr', 'ta', 'vi', 'ko', 'it', 'fa', 'sw', 'pl', 'nl'
  );
