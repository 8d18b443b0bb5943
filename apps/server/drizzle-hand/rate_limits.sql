-- Counts of requests per address (platform.tables.ts rateLimitWindows): not worth WAL; a crash or failover resets them.
ALTER TABLE "rate_limit_windows" SET UNLOGGED;
