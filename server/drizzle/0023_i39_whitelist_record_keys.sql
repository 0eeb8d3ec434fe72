-- The what-if (rules/simulate.ts) reads each holder's country and investor for every holding: kept beside the record
-- instead of computed from the contact details on every read (PGlite spent most of the what-if on it).
ALTER TABLE "whitelist_addresses" ADD COLUMN "country" text GENERATED ALWAYS AS (CASE WHEN upper(btrim(coalesce("contact_details"->>'country', ''))) ~ '^[A-Z]{2}$' THEN upper(btrim("contact_details"->>'country')) ELSE '' END) STORED;--> statement-breakpoint
ALTER TABLE "whitelist_addresses" ADD COLUMN "investor" text GENERATED ALWAYS AS (md5("legal_name" || chr(10) || "contact_details"::text)) STORED;
