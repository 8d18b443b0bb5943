-- Issue 5 fixes. RLS is forced on these tables; the data steps below run as the migrating owner, which a
-- forced policy would bind too (no tenant set → no rows), so forcing is lifted for them and restored after.
ALTER TABLE "insect_records" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "insect_types" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "files" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "alarms" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "roles" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "role_permissions" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- File ids are uuids. No bigint value ever named a file; a record's photo was found through a file whose
-- attachment_uuid is derived from the record (md5 of 'tilth-insect-record:<tenant>:<record>'), so the link
-- is carried over from there.
ALTER TABLE "insect_records" ALTER COLUMN "file_id" SET DATA TYPE uuid USING NULL;--> statement-breakpoint
ALTER TABLE "insect_types" ALTER COLUMN "image_file_id" SET DATA TYPE uuid USING NULL;--> statement-breakpoint
UPDATE "insect_records" r SET "file_id" = f."id"
  FROM "files" f
  WHERE f."tenant_id" = r."tenant_id"
    AND f."attachment_uuid" = md5('tilth-insect-record:' || r."tenant_id" || ':' || r."id")::uuid;--> statement-breakpoint
-- At most one active alarm per (rule, device): older duplicates left by a race are cleared first.
UPDATE "alarms" a SET "state" = 'cleared', "cleared_at" = now()
  WHERE a."state" = 'active' AND a."rule_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "alarms" b
                WHERE b."tenant_id" = a."tenant_id" AND b."rule_id" = a."rule_id"
                  AND b."device_id" = a."device_id" AND b."state" = 'active' AND b."id" > a."id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_active_uq" ON "alarms" USING btree ("tenant_id","rule_id","device_id") WHERE state = 'active';--> statement-breakpoint
-- Alarm pages got write codes; the built-in farm operator role kept the writes it had through the view
-- codes (administrators get every new code at start-up; viewers get none).
INSERT INTO "role_permissions" ("tenant_id", "role_id", "permission_code")
  SELECT r."tenant_id", r."id", c.code
  FROM "roles" r
  CROSS JOIN (VALUES
    ('wfpf.farm.equipment.warning-manage.ps.create'),
    ('wfpf.farm.equipment.warning-manage.ps.edit'),
    ('wfpf.farm.equipment.warning-manage.ps.delete'),
    ('wfpf.farm.equipment.warning-manage.ps.ack'),
    ('wfpf.farm.equipment.warning-staff.ps.create'),
    ('wfpf.farm.equipment.warning-staff.ps.edit'),
    ('wfpf.farm.equipment.warning-staff.ps.delete')
  ) AS c(code)
  WHERE r."code" = 'farm-operator'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "insect_records" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "insect_types" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "files" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "alarms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "roles" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "role_permissions" FORCE ROW LEVEL SECURITY;
