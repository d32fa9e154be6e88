ALTER TABLE "outbox_emails" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_user_idx" ON "outbox_emails" USING btree ("user_id");--> statement-breakpoint
-- Mails sent before this column: to the account's address, or to the support address naming it on their first "Email:" line (a message below it may quote another address).
UPDATE "outbox_emails" SET "user_id" = "user"."id" FROM "user" WHERE "outbox_emails"."user_id" IS NULL AND ("outbox_emails"."to_address" = lower("user"."email") OR substring("outbox_emails"."text" from E'\nEmail: ([^\n]+)\n') = "user"."email");
