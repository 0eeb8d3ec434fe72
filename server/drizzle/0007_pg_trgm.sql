-- Trigram matching for the token search (projects_*_trgm_idx); PGlite loads the extension from its contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
