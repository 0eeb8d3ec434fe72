CREATE TABLE "audit_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" text NOT NULL,
	"account_id" integer,
	"actor" text,
	"request_id" text,
	"symbol" text,
	"object" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_log_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE INDEX "audit_log_symbol_idx" ON "audit_log" USING btree ("symbol","seq");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object","seq");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC;--> statement-breakpoint
CREATE TABLE "audit_anchors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_anchors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"job_id" integer,
	"transaction_hash" text,
	"block_number" bigint,
	"gas_used" bigint,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_anchors_seq_idx" ON "audit_anchors" USING btree ("seq");--> statement-breakpoint
CREATE TABLE "token_auditors" (
	"project_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"granted_by" integer NOT NULL,
	"granted_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_auditors_project_id_account_id_pk" PRIMARY KEY("project_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "audit_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"public_key" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_packs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"account_id" integer NOT NULL,
	"requested_by" text NOT NULL,
	"job_id" integer,
	"block_number" bigint,
	"from_time" text,
	"to_time" text,
	"zip" bytea,
	"digest" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_on" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "audit_packs_project_idx" ON "audit_packs" USING btree ("project_id","id");
