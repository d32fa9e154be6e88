CREATE TABLE "youtube_quota_days" (
	"day" date PRIMARY KEY NOT NULL,
	"units_spent" integer DEFAULT 0 NOT NULL,
	"exhausted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_search_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"searches" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "youtube_search_counts" ADD CONSTRAINT "youtube_search_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;