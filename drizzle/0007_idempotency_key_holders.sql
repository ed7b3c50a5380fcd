ALTER TABLE "idempotency_keys" ADD COLUMN "owner_process" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claim" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_expires" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "progress" jsonb DEFAULT '{}'::jsonb NOT NULL;