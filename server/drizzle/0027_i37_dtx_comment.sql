-- Issue 37: the initiator's optional comment on a distributed transaction, shown on every approval card and mail.
ALTER TABLE "distributed_transactions" ADD COLUMN "comment" text;
