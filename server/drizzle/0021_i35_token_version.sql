ALTER TABLE "projects" ADD COLUMN "token_version" integer DEFAULT 1 NOT NULL;
