ALTER TABLE "job_transactions" ALTER COLUMN "job_id" DROP NOT NULL;
--> statement-breakpoint
CREATE INDEX "job_transactions_open_idx" ON "job_transactions" USING btree ("from_address","nonce") WHERE "job_transactions"."state" = 'signed';
--> statement-breakpoint
CREATE TABLE "indexer_blocks" (
	"block_number" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL
);
