CREATE TABLE "local_dev_accounts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"funding_job_id" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_dev_accounts" ADD CONSTRAINT "local_dev_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_dev_accounts" ADD CONSTRAINT "local_dev_accounts_funding_job_id_jobs_id_fk" FOREIGN KEY ("funding_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_dev_accounts_address_key" ON "local_dev_accounts" USING btree ("address");
