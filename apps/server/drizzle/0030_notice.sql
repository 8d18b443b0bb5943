ALTER TABLE "notices" ADD COLUMN "audience_role_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "audience_unit_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "withdrawn_date" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notice_reads_notice_idx" ON "notice_reads" USING btree ("notice_tenant_id","notice_id");--> statement-breakpoint
CREATE POLICY "platform_notice_reads_readable" ON "notice_reads" AS PERMISSIVE FOR SELECT TO public USING (notice_tenant_id = 0 and nullif(current_setting('app.tenant_id', true), '')::bigint = 0);