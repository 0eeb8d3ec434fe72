ALTER TABLE "distributed_transactions" ADD COLUMN "expires_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributed_transactions" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "key_shares" ADD COLUMN "sealed_pdf" text;--> statement-breakpoint
ALTER TABLE "sharded_keys" ADD COLUMN "pending_threshold" integer;--> statement-breakpoint
ALTER TABLE "sharded_keys" ADD COLUMN "pending_total" integer;--> statement-breakpoint
ALTER TABLE "distributed_transactions" ADD CONSTRAINT "distributed_transactions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One pending transaction per key from now on: older pending ones of a key are aborted, pending ones expire in 72 h,
-- and the approval shares of every transaction that is not pending are wiped.
UPDATE "distributed_transactions" AS d SET "status" = 5, "error_message" = 'Aborted: only one transaction of a key may wait for approvals', "finished_on" = now() WHERE d."status" = 1 AND EXISTS (SELECT 1 FROM "distributed_transactions" AS o WHERE o."key_id" = d."key_id" AND o."status" = 1 AND o."id" > d."id");--> statement-breakpoint
UPDATE "distributed_transactions" SET "expires_on" = now() + interval '72 hours' WHERE "status" = 1;--> statement-breakpoint
UPDATE "dtx_approvals" SET "sealed_share" = NULL WHERE "dtx_id" IN (SELECT "id" FROM "distributed_transactions" WHERE "status" <> 1);--> statement-breakpoint
CREATE UNIQUE INDEX "distributed_transactions_one_pending_key" ON "distributed_transactions" USING btree ("key_id") WHERE "distributed_transactions"."status" = 1;