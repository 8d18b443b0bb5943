CREATE TABLE "content_article_day_reads" (
	"tenant_id" bigint NOT NULL,
	"article_id" bigint NOT NULL,
	"read_day" date NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_article_day_reads_tenant_id_article_id_read_day_pk" PRIMARY KEY("tenant_id","article_id","read_day")
);
--> statement-breakpoint
ALTER TABLE "content_article_day_reads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "content_article_day_reads_day_idx" ON "content_article_day_reads" USING btree ("tenant_id","read_day","article_id","reads");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "content_article_day_reads" AS PERMISSIVE FOR ALL TO public USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);--> statement-breakpoint
CREATE INDEX "content_articles_news_idx" ON "content_articles" USING btree ("tenant_id","default_type",(CASE WHEN "status" = 'scheduled' THEN "publish_at" ELSE "upload_date" END) DESC,"id" DESC) INCLUDE ("category_id","carousel_flag","status","publish_at","upload_date","enabled_flag") WHERE "enabled_flag" = 1 AND "status" IN ('published','scheduled');--> statement-breakpoint
CREATE INDEX "content_articles_news_category_idx" ON "content_articles" USING btree ("tenant_id","category_id","default_type",(CASE WHEN "status" = 'scheduled' THEN "publish_at" ELSE "upload_date" END) DESC,"id" DESC) INCLUDE ("carousel_flag","status","publish_at","upload_date","enabled_flag") WHERE "enabled_flag" = 1 AND "status" IN ('published','scheduled');
