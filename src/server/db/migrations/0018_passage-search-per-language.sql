-- Decision 047: stored passages keep their (English) tsvectors, no table rewrite; from now on a passage's
-- tsvector is computed as it is inserted, with its video's search_config.
ALTER TABLE "video_passages" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "library_videos" ADD COLUMN "search_config" "regconfig" DEFAULT 'english' NOT NULL;