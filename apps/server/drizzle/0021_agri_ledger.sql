-- Issue 15 item 3 (ADR 0014): the agricultural-input stock posts through the one stock ledger, book 'agri'
-- (warehouse = the base, product = the input, no lot, location 'stock'). Copy what each base holds and
-- every movement, then drop the old tables. Values were never kept before the ledger: 0. The migrating role
-- owns the tables, so forced RLS is lifted for the copy (the server forces it again on start, rls.ts).
ALTER TABLE "agricultural_stocks" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "agricultural_movements" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "agricultural_documents" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_balances" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_ledger" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "stock_balances" ("tenant_id", "book", "warehouse_id", "product_id", "lot_no", "location", "quantity", "value", "avg_cost", "area_id", "last_posted_at")
SELECT s."tenant_id", 'agri', s."area_id", s."input_id", '', 'stock', s."quantity", 0, 0, s."area_id", s."last_movement_at"
  FROM "agricultural_stocks" s;--> statement-breakpoint
-- Oldest first, so the new ids keep the record's order; a document's movement takes its date, a task's the
-- farm day it was posted on (the tenant's time zone, ADR 0010).
INSERT INTO "stock_ledger" ("tenant_id", "book", "warehouse_id", "product_id", "lot_no", "location", "quantity", "unit_cost", "value_change", "balance_qty", "balance_value", "source_type", "source_id", "source_code", "doc_date", "remark", "area_id", "posted_at", "created_by")
SELECT m."tenant_id", 'agri', m."area_id", m."input_id", '', 'stock', m."quantity", 0, 0, m."balance_after", 0,
       m."source_type", m."source_id", m."source_code",
       coalesce(d."doc_date", (m."occurred_at" AT TIME ZONE coalesce(t."time_zone", 'Asia/Shanghai'))::date),
       m."remark", m."area_id", m."occurred_at", m."created_by"
  FROM "agricultural_movements" m
  LEFT JOIN "agricultural_documents" d
    ON d."tenant_id" = m."tenant_id" AND d."id" = m."source_id"
   AND m."source_type" IN ('warehousing', 'shipment', 'warehousing_reversal', 'shipment_reversal')
  LEFT JOIN "tenants" t ON t."id" = m."tenant_id"
 ORDER BY m."occurred_at", m."id";--> statement-breakpoint
ALTER TABLE "agricultural_documents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_balances" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_ledger" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY "tenant_isolation" ON "agricultural_movements" CASCADE;--> statement-breakpoint
DROP POLICY "area_scope" ON "agricultural_movements" CASCADE;--> statement-breakpoint
DROP TABLE "agricultural_movements" CASCADE;--> statement-breakpoint
DROP POLICY "tenant_isolation" ON "agricultural_stocks" CASCADE;--> statement-breakpoint
DROP POLICY "area_scope" ON "agricultural_stocks" CASCADE;--> statement-breakpoint
DROP TABLE "agricultural_stocks" CASCADE;