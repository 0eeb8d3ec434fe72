CREATE TABLE "draft_investors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draft_investors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"draft_id" integer NOT NULL,
	"position" integer NOT NULL,
	"investor_address" text NOT NULL,
	"investment_amount" bigint NOT NULL,
	"initial_balance" bigint NOT NULL,
	"token_remainder" double precision NOT NULL,
	"fiat_remainder" double precision NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"batch" integer,
	"transaction_hash" text,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "job_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"step_key" text NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"hash" text NOT NULL,
	"raw" text NOT NULL,
	"state" text DEFAULT 'signed' NOT NULL,
	"block_number" bigint,
	"gas_used" bigint,
	"contract_address" text,
	"error" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"step" text DEFAULT 'start' NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_drafts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"exchange_rate" double precision DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"codebase_id" integer NOT NULL,
	"whitelist_address" text NOT NULL,
	"whitelist_name" text NOT NULL,
	"scheme_address" text NOT NULL,
	"controller_address" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"contract_address" text,
	"owner_address" text,
	"deployer_address" text,
	"deploy_transaction_hash" text,
	"deploy_block" bigint,
	"job_id" integer,
	"error_message" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_schemes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_schemes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"scheme_name" text NOT NULL,
	"codebase_id" integer NOT NULL,
	"owner_address" text NOT NULL,
	"asset_id" text NOT NULL,
	"account_id" integer,
	"transaction_hash" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_investors" ADD CONSTRAINT "draft_investors_draft_id_token_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."token_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_transactions" ADD CONSTRAINT "job_transactions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_drafts" ADD CONSTRAINT "token_drafts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_drafts" ADD CONSTRAINT "token_drafts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_schemes" ADD CONSTRAINT "security_schemes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draft_investors_address_key" ON "draft_investors" USING btree ("draft_id","investor_address");--> statement-breakpoint
CREATE INDEX "draft_investors_status_idx" ON "draft_investors" USING btree ("draft_id","status","position");--> statement-breakpoint
CREATE UNIQUE INDEX "job_transactions_hash_key" ON "job_transactions" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "job_transactions_step_idx" ON "job_transactions" USING btree ("job_id","step_key");--> statement-breakpoint
CREATE UNIQUE INDEX "job_transactions_live_step_key" ON "job_transactions" USING btree ("job_id","step_key") WHERE "job_transactions"."state" <> 'dropped';--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("state","run_after","id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_drafts_symbol_key" ON "token_drafts" USING btree (upper("symbol"));--> statement-breakpoint
CREATE INDEX "token_drafts_account_idx" ON "token_drafts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_schemes_chain_address_key" ON "security_schemes" USING btree ("chain_id","address");--> statement-breakpoint
CREATE INDEX "security_schemes_created_idx" ON "security_schemes" USING btree ("created_on","id");