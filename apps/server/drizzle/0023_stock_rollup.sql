-- Trigram indexes for the product and SKU keyword (ILIKE '%…%'). pg_trgm ships with PostgreSQL (Debian's
-- postgresql package, contrib) and is a trusted extension; PGlite loads it from its contrib bundle (client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "stock_rollup" (
	"tenant_id" bigint NOT NULL,
	"book" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"location" text NOT NULL,
	"month" date NOT NULL,
	"area_id" bigint,
	"in_qty" numeric(28, 8) DEFAULT '0' NOT NULL,
	"in_value" numeric(24, 4) DEFAULT '0' NOT NULL,
	"out_qty" numeric(28, 8) DEFAULT '0' NOT NULL,
	"out_value" numeric(24, 4) DEFAULT '0' NOT NULL,
	"net_value" numeric(24, 4) DEFAULT '0' NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	"first_date" date NOT NULL,
	"last_in_date" date,
	"last_out_date" date,
	CONSTRAINT "stock_rollup_key" UNIQUE NULLS NOT DISTINCT("tenant_id","book","warehouse_id","product_id","location","month","area_id")
);
--> statement-breakpoint
ALTER TABLE "stock_rollup" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "stock_rollup_month_idx" ON "stock_rollup" USING btree ("tenant_id","book","month");--> statement-breakpoint
CREATE INDEX "inv_products_name_trgm" ON "inv_products" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_products_code_trgm" ON "inv_products" USING gin ("product_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_products_alias_trgm" ON "inv_products" USING gin ("alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_skus_code_trgm" ON "inv_skus" USING gin ("sku_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_skus_name_trgm" ON "inv_skus" USING gin ("sku_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_skus_barcode_trgm" ON "inv_skus" USING gin ("barcode" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_rollup" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "area_scope" ON "stock_rollup" AS RESTRICTIVE FOR ALL TO public USING (coalesce(current_setting('app.area_ids', true), '') = '' or area_id is null or area_id = any(string_to_array(current_setting('app.area_ids', true), ',')::bigint[]));--> statement-breakpoint
-- Fill the rollup from the ledger rows posted so far (the ledger engine keeps it from now on). The
-- migrating role owns the tables, so forced RLS is lifted for the copy (the server forces it again on
-- start, rls.ts).
ALTER TABLE "stock_ledger" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_rollup" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "stock_rollup" ("tenant_id", "book", "warehouse_id", "product_id", "location", "month", "area_id",
       "in_qty", "in_value", "out_qty", "out_value", "net_value", "moves", "first_date", "last_in_date", "last_out_date")
SELECT "tenant_id", "book", "warehouse_id", "product_id", "location", date_trunc('month', "doc_date")::date, "area_id",
       coalesce(sum("quantity") FILTER (WHERE "quantity" > 0), 0), coalesce(sum("value_change") FILTER (WHERE "quantity" > 0), 0),
       coalesce(-sum("quantity") FILTER (WHERE "quantity" < 0), 0), coalesce(-sum("value_change") FILTER (WHERE "quantity" < 0), 0),
       sum("value_change"), count(*), min("doc_date"),
       max("doc_date") FILTER (WHERE "quantity" > 0), max("doc_date") FILTER (WHERE "quantity" < 0)
  FROM "stock_ledger"
 GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
ALTER TABLE "stock_ledger" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_rollup" FORCE ROW LEVEL SECURITY;
