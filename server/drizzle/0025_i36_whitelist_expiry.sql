-- Issue 36: a whitelist record's KYC expiry as written to its WhitelistV2 (null: none), for the reads and the list of
-- expiring investors; the index serves that list (records of one whitelist by expiry).
ALTER TABLE "whitelist_addresses" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "whitelist_addresses_expiry_idx" ON "whitelist_addresses" ("whitelist_id", "expires_at") WHERE "expires_at" IS NOT NULL;
