CREATE TABLE "role_bases" (
	"tenant_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"area_id" bigint NOT NULL,
	CONSTRAINT "role_bases_tenant_id_role_id_area_id_pk" PRIMARY KEY("tenant_id","role_id","area_id")
);
--> statement-breakpoint
ALTER TABLE "role_bases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
CREATE INDEX "role_bases_area_idx" ON "role_bases" USING btree ("tenant_id","area_id");--> statement-breakpoint
CREATE POLICY "area_scope" ON "activities" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "agricultural_documents" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "agricultural_movements" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "agricultural_stocks" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "batches" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "farm_logs" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "lands" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "plans" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "task_input_usages" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "tasks" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "areas" AS RESTRICTIVE FOR SELECT TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or organization_type <> 'area' or id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "alarms" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or exists (select 1 from devices d where d.tenant_id = alarms.tenant_id and d.id = alarms.device_id));--> statement-breakpoint
CREATE POLICY "area_scope" ON "device_groups" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "device_commands" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or exists (select 1 from devices d where d.tenant_id = device_commands.tenant_id and d.id = device_commands.device_id));--> statement-breakpoint
CREATE POLICY "area_scope" ON "device_status_log" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or exists (select 1 from devices d where d.tenant_id = device_status_log.tenant_id and d.id = device_status_log.device_id));--> statement-breakpoint
CREATE POLICY "area_scope" ON "devices" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "area_scope" ON "insect_records" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "role_bases" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);