-- Trigram indexes for the product and SKU keyword (ILIKE '%…%'). pg_trgm ships with PostgreSQL (Debian's
-- postgresql package, contrib) and is a trusted extension; PGlite loads it from its contrib bundle (client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "inv_products_name_trgm" ON "inv_products" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_products_code_trgm" ON "inv_products" USING gin ("product_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_products_alias_trgm" ON "inv_products" USING gin ("alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_skus_code_trgm" ON "inv_skus" USING gin ("sku_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_skus_name_trgm" ON "inv_skus" USING gin ("sku_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inv_skus_barcode_trgm" ON "inv_skus" USING gin ("barcode" gin_trgm_ops);