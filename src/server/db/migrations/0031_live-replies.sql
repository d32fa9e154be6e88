CREATE TABLE "live_replies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chat_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"after_message_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_replies" ADD CONSTRAINT "live_replies_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_replies" ADD CONSTRAINT "live_replies_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_replies_chat_idx" ON "live_replies" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "live_replies_expires_idx" ON "live_replies" USING btree ("expires_at");