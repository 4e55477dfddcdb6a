import { index, integer, json, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Operator-editable config documents (issue 15): screens, the route table, tabs, rules, status maps,
 * the error catalogue, theme tokens and locale texts, each a document (kind, name) with numbered
 * versions. The repo's files are the seed (version 1); an operator's saves are drafts, publishing
 * points the document at one version, rolling back publishes a copy of an earlier one. Only the
 * configdocs module writes these tables.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const configDocuments = pgTable(
  'config_documents',
  {
    id: serial('id').primaryKey(),
    /** screen | routes | tabs | rules | status | errors | theme | locale */
    kind: text('kind').notNull(),
    /** screen path with dots (match.home), status map id, language, or the kind itself for single files */
    name: text('name').notNull(),
    /** the newest version number (drafts included): a save must name it as its base */
    headVersion: integer('head_version').notNull(),
    /** the version the app reads */
    publishedVersion: integer('published_version').notNull(),
    /** content hash of the repo file this document was last seeded from */
    seedHash: text('seed_hash').notNull(),
    /** a newer repo seed that arrived after an operator changed the document (null: none pending) */
    upstreamVersion: integer('upstream_version'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('config_documents_kind_name_idx').on(t.kind, t.name)],
);

export const configVersions = pgTable(
  'config_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => configDocuments.id),
    version: integer('version').notNull(),
    /** json, not jsonb: the text keeps its key order (locale files, status maps read in order) */
    body: json('body').notNull(),
    /** sha-256 of the canonical JSON text, hex (the app fetches published documents by it) */
    hash: text('hash').notNull(),
    /** the operator who saved it; null for a repo seed */
    authorId: integer('author_id'),
    note: text('note'),
    /** draft | published (published once: it stays so after a later publish, as history) */
    status: text('status').notNull(),
    /** seed | operator | upstream | rollback */
    source: text('source').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('config_versions_doc_version_idx').on(t.documentId, t.version),
    index('config_versions_hash_idx').on(t.hash),
  ],
);
