CREATE TABLE "distributed_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distributed_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key_id" integer NOT NULL,
	"generation" integer NOT NULL,
	"tx_type" integer NOT NULL,
	"tx_data" jsonb NOT NULL,
	"project_id" integer,
	"started_by" integer,
	"started_on" timestamp with time zone DEFAULT now() NOT NULL,
	"required_approvers" integer NOT NULL,
	"status" integer NOT NULL,
	"tx_hash" text,
	"block_number" bigint,
	"error_message" text,
	"finished_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dtx_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dtx_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dtx_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"share_id" integer NOT NULL,
	"sealed_share" text,
	"signed_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_code_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_code_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "key_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key_id" integer NOT NULL,
	"generation" integer NOT NULL,
	"account_id" integer NOT NULL,
	"sealed_share" text,
	"kdf_salt" text NOT NULL,
	"share_digest" text NOT NULL,
	"pdf_password_hash" text NOT NULL,
	"opened_on" timestamp with time zone,
	"retired_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sharded_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sharded_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"name" text NOT NULL,
	"threshold" integer NOT NULL,
	"total" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_on" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "distributed_transactions" ADD CONSTRAINT "distributed_transactions_key_id_sharded_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."sharded_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributed_transactions" ADD CONSTRAINT "distributed_transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributed_transactions" ADD CONSTRAINT "distributed_transactions_started_by_accounts_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dtx_approvals" ADD CONSTRAINT "dtx_approvals_dtx_id_distributed_transactions_id_fk" FOREIGN KEY ("dtx_id") REFERENCES "public"."distributed_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dtx_approvals" ADD CONSTRAINT "dtx_approvals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dtx_approvals" ADD CONSTRAINT "dtx_approvals_share_id_key_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."key_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_attempts" ADD CONSTRAINT "access_code_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_attempts" ADD CONSTRAINT "access_code_attempts_key_id_sharded_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."sharded_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_shares" ADD CONSTRAINT "key_shares_key_id_sharded_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."sharded_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_shares" ADD CONSTRAINT "key_shares_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharded_keys" ADD CONSTRAINT "sharded_keys_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributed_transactions_key_idx" ON "distributed_transactions" USING btree ("key_id","status");--> statement-breakpoint
CREATE INDEX "distributed_transactions_started_idx" ON "distributed_transactions" USING btree ("started_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dtx_approvals_signer_key" ON "dtx_approvals" USING btree ("dtx_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_code_attempts_key" ON "access_code_attempts" USING btree ("account_id","key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "key_shares_signer_key" ON "key_shares" USING btree ("key_id","generation","account_id");--> statement-breakpoint
CREATE INDEX "key_shares_account_idx" ON "key_shares" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sharded_keys_address_key" ON "sharded_keys" USING btree ("address");