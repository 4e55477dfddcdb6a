/**
 * Where the server gets the rules document: the bundled screens/rules.json for now (the operator-config
 * work will answer the published version here instead). Its readers are contracts/rules.ts, shared with
 * the app. The file is re-read when its modification time changes, so an edit applies without a restart.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RulesDocument } from '../../../contracts/rules';

const RULES_FILE = resolve(import.meta.dirname, '..', '..', '..', 'screens', 'rules.json');

let cached: { mtimeMs: number; doc: RulesDocument } | null = null;

/**
 * The rules document. Unreadable (a half-saved edit): the last good one, or else an empty one, whose
 * readers answer their documented defaults.
 */
export function rulesDocument(): RulesDocument {
  try {
    const { mtimeMs } = statSync(RULES_FILE);
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, doc: JSON.parse(readFileSync(RULES_FILE, 'utf8')) as RulesDocument };
    return cached.doc;
  } catch {
    return cached?.doc ?? {};
  }
}
