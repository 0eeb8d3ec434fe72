CREATE TABLE "partitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"value" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_address" text NOT NULL,
	"holder" text NOT NULL,
	"partition" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"block_timestamp" bigint NOT NULL,
	"transaction_hash" text NOT NULL,
	"delta" numeric(78, 0) NOT NULL,
	"balance" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexer_cursors" (
	"contract_address" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"last_block" bigint NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_balances" (
	"contract_address" text NOT NULL,
	"partition" text NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	CONSTRAINT "token_balances_contract_address_partition_holder_pk" PRIMARY KEY("contract_address","partition","holder")
);
--> statement-breakpoint
CREATE TABLE "token_documents" (
	"contract_address" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"uri" text NOT NULL,
	"document_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"transaction_hash" text NOT NULL,
	CONSTRAINT "token_documents_contract_address_name_pk" PRIMARY KEY("contract_address","name")
);
--> statement-breakpoint
CREATE TABLE "token_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"block_timestamp" bigint NOT NULL,
	"transaction_hash" text NOT NULL,
	"event" text NOT NULL,
	"partition" text,
	"operator" text,
	"from_address" text,
	"to_address" text,
	"amount" numeric(78, 0),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_operators" (
	"contract_address" text NOT NULL,
	"holder" text NOT NULL,
	"operator" text NOT NULL,
	"partition" text NOT NULL,
	"authorized" boolean NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "token_operators_contract_address_holder_operator_partition_pk" PRIMARY KEY("contract_address","holder","operator","partition")
);
--> statement-breakpoint
CREATE TABLE "whitelist_verifications" (
	"whitelist_address" text NOT NULL,
	"account" text NOT NULL,
	"verified" boolean NOT NULL,
	"verification_hash" text NOT NULL,
	"transaction_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "whitelist_verifications_whitelist_address_account_pk" PRIMARY KEY("whitelist_address","account")
);
--> statement-breakpoint
CREATE TABLE "account_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"transaction_hash" text NOT NULL,
	"tx_type" integer NOT NULL,
	"contract_address" text,
	"public_address" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_hashes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_hashes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"transaction_hash" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"transaction_hash" text NOT NULL,
	"block_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"contract_address" text,
	"from_address" text NOT NULL,
	"to_address" text,
	"transaction_index" integer NOT NULL,
	"status" integer NOT NULL,
	"gas_used" text NOT NULL,
	"recorded_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_hashes" ADD CONSTRAINT "transaction_hashes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partitions_name_key" ON "partitions" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "partitions_value_key" ON "partitions" USING btree ("value");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_changes_position_key" ON "balance_changes" USING btree ("contract_address","holder","block_number","log_index","partition");--> statement-breakpoint
CREATE INDEX "balance_changes_time_idx" ON "balance_changes" USING btree ("contract_address","holder","block_timestamp");--> statement-breakpoint
CREATE INDEX "token_balances_holder_idx" ON "token_balances" USING btree ("contract_address","holder");--> statement-breakpoint
CREATE INDEX "token_balances_ranking_idx" ON "token_balances" USING btree ("contract_address","partition","balance" DESC NULLS LAST,"holder") WHERE "token_balances"."balance" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "token_events_position_key" ON "token_events" USING btree ("contract_address","block_number","log_index");--> statement-breakpoint
CREATE INDEX "token_events_kind_idx" ON "token_events" USING btree ("contract_address","event");--> statement-breakpoint
CREATE UNIQUE INDEX "account_transactions_account_hash_key" ON "account_transactions" USING btree ("account_id","transaction_hash");--> statement-breakpoint
CREATE INDEX "account_transactions_account_idx" ON "account_transactions" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_hashes_account_hash_key" ON "transaction_hashes" USING btree ("account_id","transaction_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_receipts_chain_hash_key" ON "transaction_receipts" USING btree ("chain_id","transaction_hash");