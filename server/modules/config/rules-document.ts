/**
 * Where the server gets the rules document: the version operators published (the configdocs module
 * sets it at start and on every publish or rollback), else the bundled screens/rules.json. Its readers
 * are contracts/rules.ts, shared with the app. The file is re-read when its modification time changes,
 * so an edit applies without a restart.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RulesDocument } from '../../../contracts/rules';

const RULES_FILE = resolve(import.meta.dirname, '..', '..', '..', 'screens', 'rules.json');

let cached: { mtimeMs: number; doc: RulesDocument } | null = null;
let published: RulesDocument | null = null;

/** The published rules (null: follow the file again). Takes effect on the next read. */
export function setPublishedRules(doc: RulesDocument | null): void {
  published = doc;
}

/**
 * The rules document. Unreadable (a half-saved edit): the last good one, or else an empty one, whose
 * readers answer their documented defaults.
 */
export function rulesDocument(): RulesDocument {
  if (published) return published;
  try {
    const { mtimeMs } = statSync(RULES_FILE);
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, doc: JSON.parse(readFileSync(RULES_FILE, 'utf8')) as RulesDocument };
    return cached.doc;
  } catch {
    return cached?.doc ?? {};
  }
}
