CREATE TABLE "distribution_contracts" (
	"chain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "distribution_contracts_chain_id_kind_pk" PRIMARY KEY("chain_id","kind")
);
--> statement-breakpoint
CREATE TABLE "distribution_payments" (
	"distribution_id" integer NOT NULL,
	"index" integer NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "distribution_payments_distribution_id_index_pk" PRIMARY KEY("distribution_id","index")
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distributions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"snapshot_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"asset" text NOT NULL,
	"asset_symbol" text NOT NULL,
	"asset_decimals" integer NOT NULL,
	"distributor_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"amount_per_token" numeric(78, 0),
	"remainder" numeric(78, 0) NOT NULL,
	"deadline" bigint NOT NULL,
	"merkle_root" text NOT NULL,
	"onchain_id" text NOT NULL,
	"holders" integer NOT NULL,
	"excluded" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"push_job_id" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshot_rows" (
	"snapshot_id" integer NOT NULL,
	"position" integer NOT NULL,
	"holder" text NOT NULL,
	"partition" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	CONSTRAINT "snapshot_rows_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position")
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"contract_address" text NOT NULL,
	"partition" text,
	"block_number" bigint NOT NULL,
	"block_timestamp" bigint NOT NULL,
	"holders" integer NOT NULL,
	"row_count" integer NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"merkle_root" text NOT NULL,
	"account_id" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distribution_payments" ADD CONSTRAINT "distribution_payments_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_snapshot_id_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshot_rows" ADD CONSTRAINT "snapshot_rows_snapshot_id_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_payments_holder_idx" ON "distribution_payments" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "distributions_snapshot_idx" ON "distributions" USING btree ("snapshot_id");--> statement-breakpoint
CREATE INDEX "snapshots_contract_idx" ON "snapshots" USING btree ("contract_address","id");