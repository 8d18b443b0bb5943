CREATE TABLE "corporations" (
	"tenant_id" bigint NOT NULL,
	"unit_id" bigint NOT NULL,
	"credit_code" text,
	"legal_representative" text,
	"address" text,
	"contact_name" text,
	"contact_phone" text,
	"logo_file_id" bigint,
	"logo_url" text,
	"created_by" bigint,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_by" bigint,
	"last_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"object_version_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "corporations_tenant_id_unit_id_pk" PRIMARY KEY("tenant_id","unit_id")
);
--> statement-breakpoint
ALTER TABLE "corporations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "org_unit_members" (
	"tenant_id" bigint NOT NULL,
	"unit_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "org_unit_members_tenant_id_unit_id_user_id_pk" PRIMARY KEY("tenant_id","unit_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "org_unit_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "areas_name_uq";--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "head_user_id" bigint;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "corporations_credit_code_uq" ON "corporations" USING btree ("tenant_id","credit_code") WHERE "corporations"."credit_code" is not null;--> statement-breakpoint
CREATE INDEX "org_unit_members_user_idx" ON "org_unit_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_dept_name_uq" ON "areas" USING btree ("tenant_id","parent_id","area_name") WHERE "areas"."organization_type" = 'department';--> statement-breakpoint
CREATE UNIQUE INDEX "areas_enterprise_uq" ON "areas" USING btree ("tenant_id") WHERE "areas"."organization_type" = 'enterprise';--> statement-breakpoint
CREATE INDEX "areas_parent_idx" ON "areas" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_name_uq" ON "areas" USING btree ("tenant_id","organization_type","area_name") WHERE "areas"."organization_type" <> 'department';--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "corporations" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "org_unit_members" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
-- ADR 0011: one enterprise root per tenant, named after it; units without a parent move under it. The
-- migrating role owns the table, so forced RLS is lifted for these two statements (the server forces it
-- again on start, rls.ts).
ALTER TABLE "areas" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "areas" ("tenant_id", "area_name", "organization_type", "parent_id", "default_flag")
  SELECT t."id", t."tenant_name", 'enterprise', NULL, 0 FROM "tenants" t
  WHERE NOT EXISTS (
    SELECT 1 FROM "areas" a WHERE a."tenant_id" = t."id" AND a."organization_type" = 'enterprise'
  );--> statement-breakpoint
UPDATE "areas" a SET "parent_id" = r."id" FROM "areas" r
  WHERE r."tenant_id" = a."tenant_id" AND r."organization_type" = 'enterprise'
    AND a."parent_id" IS NULL AND a."organization_type" <> 'enterprise';--> statement-breakpoint
ALTER TABLE "areas" FORCE ROW LEVEL SECURITY;
