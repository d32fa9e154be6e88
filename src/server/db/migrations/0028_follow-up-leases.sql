CREATE TABLE "follow_up_leases" (
	"user_id" text PRIMARY KEY NOT NULL,
	"lease_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_leases" ADD CONSTRAINT "follow_up_leases_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;