ALTER TABLE "user" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "plan_items" ADD COLUMN "answer_step" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_items_answer_step_idx" ON "plan_items" USING btree ("user_id","message_id","answer_step") WHERE "plan_items"."message_id" is not null and "plan_items"."answer_step" is not null;