CREATE TABLE "plan_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"from_answer" boolean NOT NULL,
	"chat_id" uuid,
	"message_id" uuid,
	"title" text NOT NULL,
	"why" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"due_date" date,
	"position" integer NOT NULL,
	"video_id" text,
	"moment_seconds" integer,
	"video_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"check_in" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_settings_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_items" ADD CONSTRAINT "plan_items_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_settings" ADD CONSTRAINT "plan_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_items_user_order_idx" ON "plan_items" USING btree ("user_id","status","position");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_items_answer_title_idx" ON "plan_items" USING btree ("user_id","message_id","title") WHERE "plan_items"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "plan_items_user_due_idx" ON "plan_items" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE INDEX "plan_settings_check_in_idx" ON "plan_settings" USING btree ("user_id") WHERE "plan_settings"."check_in";