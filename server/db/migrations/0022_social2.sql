-- Typo-tolerant search (server/modules/search/match.ts): trigram similarity from pg_trgm. PGlite loads
-- the extension's code when it opens the database (server/db/index.ts); PostgreSQL ships it in contrib
-- and, being a trusted extension, lets the database owner create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
