CREATE TABLE "credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"address" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_code" text NOT NULL,
	"project_name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"contract_address" text,
	"owner_address" text,
	"controller_address" text,
	"whitelist_address" text,
	"whitelist_name" text,
	"security_scheme_address" text,
	"account_id" integer,
	"deploy_transaction_hash" text,
	"deploy_block" bigint,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_address_key" ON "credentials" USING btree ("address");--> statement-breakpoint
CREATE INDEX "credentials_account_idx" ON "credentials" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_key" ON "projects" USING btree (lower("project_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "projects_contract_key" ON "projects" USING btree ("contract_address") WHERE "projects"."contract_address" is not null;--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree (lower("project_name"));--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_on","id");