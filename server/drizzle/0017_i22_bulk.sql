CREATE TABLE "token_bulk_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_bulk_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"row" integer NOT NULL,
	"address" text NOT NULL,
	"from_address" text,
	"amount" text NOT NULL,
	"partition" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"batch" integer,
	"reason" text,
	"transaction_hash" text
);
--> statement-breakpoint
ALTER TABLE "token_bulk_rows" ADD CONSTRAINT "token_bulk_rows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_bulk_rows_row" ON "token_bulk_rows" USING btree ("job_id","row");--> statement-breakpoint
CREATE INDEX "token_bulk_rows_status_idx" ON "token_bulk_rows" USING btree ("job_id","status","batch");
