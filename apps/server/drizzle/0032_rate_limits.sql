CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_expires_idx" ON "rate_limit_windows" USING btree ("expires_at");
--> statement-breakpoint
-- Counts of requests per address (platform.tables.ts rateLimitWindows): not worth WAL; a crash or failover resets them.
ALTER TABLE "rate_limit_windows" SET UNLOGGED;
