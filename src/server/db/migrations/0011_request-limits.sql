CREATE TABLE "request_limits" (
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "request_limits_action_subject_pk" PRIMARY KEY("action","subject")
);
--> statement-breakpoint
ALTER TABLE "request_limits" ADD CONSTRAINT "request_limits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_limits_user_idx" ON "request_limits" USING btree ("user_id");