ALTER TABLE "generation_leases" ADD COLUMN "purpose" text DEFAULT 'reply' NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_leases" DROP CONSTRAINT "generation_leases_pkey";--> statement-breakpoint
ALTER TABLE "generation_leases" ADD CONSTRAINT "generation_leases_user_id_purpose_pk" PRIMARY KEY("user_id","purpose");
