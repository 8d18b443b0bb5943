DROP INDEX "memberships_tenant_idx";--> statement-breakpoint
CREATE INDEX "memberships_tenant_user_idx" ON "memberships" USING btree ("tenant_id","user_id");