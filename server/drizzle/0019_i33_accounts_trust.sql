CREATE TABLE "sign_up_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_up_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile_name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_up_attempts" ADD CONSTRAINT "sign_up_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_up_attempts_code_key" ON "sign_up_attempts" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sign_up_attempts_account_idx" ON "sign_up_attempts" USING btree ("account_id");--> statement-breakpoint
INSERT INTO "sign_up_attempts" ("account_id", "code_hash", "password_hash", "profile_name")
	SELECT "id", "confirmation_code_hash", "password_hash", "profile_name" FROM "accounts"
	WHERE "confirmation_code_hash" IS NOT NULL AND "confirmed_on" IS NULL;--> statement-breakpoint
DROP INDEX "accounts_confirmation_code_key";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "confirmation_code_hash";--> statement-breakpoint
CREATE TABLE "account_review_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_review_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_review_items" ADD CONSTRAINT "account_review_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_review_items_item_key" ON "account_review_items" USING btree ("kind","item_id");--> statement-breakpoint
-- Outbox mail was kept in plaintext (reset codes, PDF passwords): it is erased; new mail is sealed (mail/mailer.ts).
DELETE FROM "mail_outbox";
