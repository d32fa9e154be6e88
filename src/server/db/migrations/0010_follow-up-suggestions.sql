CREATE TABLE "follow_up_suggestions" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"questions" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_suggestions" ADD CONSTRAINT "follow_up_suggestions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_suggestions" ADD CONSTRAINT "follow_up_suggestions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;