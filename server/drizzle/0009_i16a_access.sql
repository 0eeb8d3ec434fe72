CREATE TABLE "proved_wallets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proved_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"address" text NOT NULL,
	"proved_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whitelist_addresses" ADD COLUMN "verified_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proved_wallets" ADD CONSTRAINT "proved_wallets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proved_wallets_account_address_key" ON "proved_wallets" USING btree ("account_id","address");--> statement-breakpoint
-- Records saved before this migration were written after their chain transaction: they are verified.
UPDATE "whitelist_addresses" SET "verified_on" = "updated_on";
