/**
 * Creating a new screen document (issue 15): an operator adds a screen no repo file has. It starts as
 * a draft (version 1, nothing published: `published_version` 0), so the app and the checks of other
 * drafts see it only once it is published; then a route in the route table can show it. Its seed hash
 * is empty (no repo file), so once published it is in the app's manifest and the checks' overlay like
 * any document an operator changed; a later release that brings a file of the same name arrives as an
 * upstream version (seed.ts), never silently over the operator's screen.
 */
import type { Db } from '../../db';
import { configDocuments, configVersions } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { contentHash, docPath } from './catalogue';
import { type DraftInput, publishedOverlay } from './service';
import { auditConfig } from './store';
import { checkDraft, type Problem, problemKey } from './validate';

/** areas whose files follow other schemas or are single documents: not for a new screen */
const RESERVED = /^(forms|fragments|status)\./;
/** `area.page` (up to four levels), each part lower-case letters, digits and dashes */
export const SCREEN_NAME = '^[a-z0-9][a-z0-9-]{0,39}(\\.[a-z0-9][a-z0-9-]{0,39}){1,3}$';

const invalid = (file: string, pointer: string, message: string, key: Pick<Problem, 'key' | 'args'>) =>
  new ApiError(E.CONFIG_INVALID, { problems: [{ file, pointer, message, ...key }] });

/** A page with a title and one line of text, ready to edit: it passes the checks as it is. */
export function starterScreen(name: string): Record<string, unknown> {
  const path = name.split('.').join('/');
  return {
    $schema: `${'../'.repeat(path.split('/').length)}schemas/screen.schema.json`,
    id: path,
    body: {
      type: 'page',
      props: { title: '$t:cfg6.starter.title' },
      children: [
        {
          type: 'stack',
          props: { padding: '16px' },
          children: [{ type: 'text', props: { text: '$t:cfg6.starter.text' } }],
        },
      ],
    },
  };
}

function parsed(file: string, content: DraftInput['content'], name: string): unknown {
  if (content === undefined) return starterScreen(name);
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content);
  } catch (e) {
    const detail = (e as Error).message;
    throw invalid(file, '', `invalid JSON: ${detail}`, problemKey('json', { detail }));
  }
}

/**
 * Create screen `name` (dots for folders: `promo.summer` is screens/promo/summer.json) as a draft by
 * `by`, checked like any draft; 180104 when a document of that name exists; audited.
 */
export async function createScreen(
  db: Db,
  name: string,
  content: DraftInput['content'],
  by: number,
  routeUrls: readonly string[],
) {
  const file = docPath('screen', name);
  if (!file || RESERVED.test(name) || !new RegExp(SCREEN_NAME).test(name))
    throw invalid(file ?? '', '/name', `"${name}" cannot name a new screen`, {
      key: 'cfg6.err.name',
      args: {},
    });
  const body = parsed(file, content, name);
  const problems: Problem[] = checkDraft(file, body, await publishedOverlay(db), routeUrls);
  if (problems.length) throw new ApiError(E.CONFIG_INVALID, { problems: problems.slice(0, 50) });
  const hash = contentHash(body);
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(configDocuments)
      .values({ kind: 'screen', name, headVersion: 1, publishedVersion: 0, seedHash: '' })
      .onConflictDoNothing()
      .returning({ id: configDocuments.id });
    if (!doc) throw new ApiError(E.CONFIG_EXISTS, { key: `screen/${name}` });
    await tx.insert(configVersions).values({
      documentId: doc.id,
      version: 1,
      body,
      hash,
      authorId: by,
      status: 'draft',
      source: 'operator',
    });
    await auditConfig(tx as unknown as Db, by, 'config.create', 'screen', name, `v1: ${file}`);
    return {
      kind: 'screen',
      name,
      key: `screen/${name}`,
      version: 1,
      hash,
      head_version: 1,
      published_version: 0,
    };
  });
}
