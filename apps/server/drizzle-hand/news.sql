-- Part "news" (issue 19 item 3), hand-written: the news page's index-only paths over content_articles.
-- A news item is live when enabled, published (or scheduled and due) and its release time has come; the
-- release time is publish_at while scheduled, else upload_date. Both indexes hold only live-or-scheduled rows, so the
-- list, its total and the carousel count read the index alone (news.repository.ts writes the same
-- predicate literally, so the planner can prove it implies the index's). The columns under the release-time
-- expression are INCLUDEd too: PostgreSQL plans an index-only scan only when every column the query names
-- is in the index, expression or not.
CREATE INDEX "content_articles_news_idx" ON "content_articles" USING btree ("tenant_id","default_type",(CASE WHEN "status" = 'scheduled' THEN "publish_at" ELSE "upload_date" END) DESC,"id" DESC) INCLUDE ("category_id","carousel_flag","status","publish_at","upload_date","enabled_flag") WHERE "enabled_flag" = 1 AND "status" IN ('published','scheduled');--> statement-breakpoint
CREATE INDEX "content_articles_news_category_idx" ON "content_articles" USING btree ("tenant_id","category_id","default_type",(CASE WHEN "status" = 'scheduled' THEN "publish_at" ELSE "upload_date" END) DESC,"id" DESC) INCLUDE ("carousel_flag","status","publish_at","upload_date","enabled_flag") WHERE "enabled_flag" = 1 AND "status" IN ('published','scheduled');
