ALTER TABLE "agricultural_documents" ADD COLUMN "audit_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "agricultural_documents" ADD COLUMN "process_id" bigint;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "audit_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "process_id" bigint;