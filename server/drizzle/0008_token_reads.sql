CREATE TABLE "holder_change_counts" (
	"contract_address" text NOT NULL,
	"holder" text NOT NULL,
	"changes" integer NOT NULL,
	"first_timestamp" bigint NOT NULL,
	"last_timestamp" bigint NOT NULL,
	CONSTRAINT "holder_change_counts_contract_address_holder_pk" PRIMARY KEY("contract_address","holder")
);
--> statement-breakpoint
DROP INDEX "token_balances_ranking_idx";--> statement-breakpoint
ALTER TABLE "token_balances" ADD COLUMN "legal_name" text;--> statement-breakpoint
CREATE INDEX "projects_code_trgm_idx" ON "projects" USING gin ("project_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("project_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "balance_changes_partition_idx" ON "balance_changes" USING btree ("contract_address","holder","partition","block_number","log_index");--> statement-breakpoint
CREATE INDEX "token_balances_by_balance_idx" ON "token_balances" USING btree ("contract_address","partition","balance","holder") WHERE "token_balances"."balance" > 0;--> statement-breakpoint
CREATE INDEX "token_balances_by_address_idx" ON "token_balances" USING btree ("contract_address","partition","holder") WHERE "token_balances"."balance" > 0;--> statement-breakpoint
CREATE INDEX "token_balances_by_name_idx" ON "token_balances" USING btree ("contract_address","partition",coalesce("legal_name", ''),"holder") WHERE "token_balances"."balance" > 0;--> statement-breakpoint
UPDATE "token_balances" tb SET "legal_name" = wa."legal_name"
FROM "projects" p
JOIN "whitelists" w ON w."address" = p."whitelist_address"
JOIN "whitelist_addresses" wa ON wa."whitelist_id" = w."id"
WHERE tb."contract_address" = p."contract_address" AND wa."public_address" = tb."holder";--> statement-breakpoint
INSERT INTO "holder_change_counts" ("contract_address", "holder", "changes", "first_timestamp", "last_timestamp")
SELECT "contract_address", "holder", count(*), min("block_timestamp"), max("block_timestamp")
FROM "balance_changes" GROUP BY "contract_address", "holder";
