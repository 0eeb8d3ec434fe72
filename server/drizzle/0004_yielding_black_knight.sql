CREATE TABLE "whitelist_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whitelist_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"whitelist_id" integer NOT NULL,
	"public_address" text NOT NULL,
	"legal_name" text NOT NULL,
	"contact_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"salt" text NOT NULL,
	"hash" text NOT NULL,
	"transaction_hash" text,
	"account_id" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whitelists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whitelists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"scheme_address" text NOT NULL,
	"codebase_id" integer NOT NULL,
	"owner_address" text NOT NULL,
	"account_id" integer,
	"transaction_hash" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whitelist_addresses" ADD CONSTRAINT "whitelist_addresses_whitelist_id_whitelists_id_fk" FOREIGN KEY ("whitelist_id") REFERENCES "public"."whitelists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whitelist_addresses" ADD CONSTRAINT "whitelist_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whitelists" ADD CONSTRAINT "whitelists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whitelist_addresses_key" ON "whitelist_addresses" USING btree ("whitelist_id","public_address");--> statement-breakpoint
CREATE INDEX "whitelist_addresses_page_idx" ON "whitelist_addresses" USING btree ("whitelist_id","created_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "whitelists_chain_address_key" ON "whitelists" USING btree ("chain_id","address");--> statement-breakpoint
CREATE INDEX "whitelists_created_idx" ON "whitelists" USING btree ("created_on","id");