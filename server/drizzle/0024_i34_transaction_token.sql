-- My transactions (issue 34): the token each row concerns, so that a distribution's funding, claims, pushes and
-- reclaim (sent to the Distributor) sit under their token in the token filter and the CSV. Filled when a row is
-- recorded; here for the rows recorded before, where it can be derived.
ALTER TABLE "account_transactions" ADD COLUMN "token_address" text;--> statement-breakpoint
-- A row that called a token of the platform concerns that token.
UPDATE "account_transactions" a SET "token_address" = a."contract_address"
  WHERE a."contract_address" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "projects" p WHERE lower(p."contract_address") = a."contract_address");--> statement-breakpoint
-- The issuer's funding (26), pushes (17) and reclaim (28) on a Distributor: the token of the account's distributions
-- on that Distributor, when they all concern one token.
UPDATE "account_transactions" a SET "token_address" = t."token"
  FROM (
    SELECT d."account_id", lower(d."distributor_address") AS "distributor", min(lower(s."contract_address")) AS "token"
    FROM "distributions" d JOIN "snapshots" s ON s."id" = d."snapshot_id"
    GROUP BY d."account_id", lower(d."distributor_address")
    HAVING count(DISTINCT lower(s."contract_address")) = 1
  ) t
  WHERE a."tx_type" IN (17, 26, 28) AND a."token_address" IS NULL
    AND a."account_id" = t."account_id" AND a."contract_address" = t."distributor";--> statement-breakpoint
-- A holder's claims (27) on a Distributor: the token of the distributions that pay the claiming address there, when
-- they all concern one token.
UPDATE "account_transactions" a SET "token_address" = t."token"
  FROM (
    SELECT lower(p."holder") AS "holder", lower(d."distributor_address") AS "distributor",
      min(lower(s."contract_address")) AS "token"
    FROM "distribution_payments" p
      JOIN "distributions" d ON d."id" = p."distribution_id"
      JOIN "snapshots" s ON s."id" = d."snapshot_id"
    GROUP BY lower(p."holder"), lower(d."distributor_address")
    HAVING count(DISTINCT lower(s."contract_address")) = 1
  ) t
  WHERE a."tx_type" = 27 AND a."token_address" IS NULL
    AND a."public_address" = t."holder" AND a."contract_address" = t."distributor";
