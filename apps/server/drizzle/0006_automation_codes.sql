-- Issue 10: the smart-control pages got write codes (their writes were gated by the view codes, so a viewer
-- could delete strategies and groups). The built-in farm operator role keeps the writes it had through the
-- view codes; administrators get every new code at start-up; viewers get none. RLS is forced on these
-- tables and would hide every row from the migrating owner (no tenant set), so it is lifted for the insert.
ALTER TABLE "roles" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "role_permissions" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "role_permissions" ("tenant_id", "role_id", "permission_code")
  SELECT r."tenant_id", r."id", c.code
  FROM "roles" r
  CROSS JOIN (VALUES
    ('wfpf.farm.equipment.intelligentControl-index.ps.create'),
    ('wfpf.farm.equipment.intelligentControl-index.ps.edit'),
    ('wfpf.farm.equipment.intelligentControl-index.ps.delete'),
    ('wfpf.farm.equipment.intelligentControl-index.ps.run'),
    ('wfpf.farm.equipment.intelligentControl-group.ps.create'),
    ('wfpf.farm.equipment.intelligentControl-group.ps.edit'),
    ('wfpf.farm.equipment.intelligentControl-group.ps.delete'),
    ('wfpf.farm.equipment.intelligentControl-device-group.ps.create'),
    ('wfpf.farm.equipment.intelligentControl-device-group.ps.edit'),
    ('wfpf.farm.equipment.intelligentControl-device-group.ps.delete')
  ) AS c(code)
  WHERE r."code" = 'farm-operator'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "roles" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "role_permissions" FORCE ROW LEVEL SECURITY;
