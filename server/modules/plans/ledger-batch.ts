/**
 * Settlement posts many ledger entries at once (refunds of every buyer, income of every expert). The
 * wallet module owns the ledger; when it offers a set-based `postLedgerBatch` we use it, otherwise each
 * entry goes through `postLedger` — same idempotency keys either way, so the money moves once.
 */
import type { Db } from '../../db';
import type { LedgerPost } from '../wallet/ledger';
import * as ledger from '../wallet/ledger';

export type LedgerBatchEntry = LedgerPost & { idempotencyKey: string };

type BatchFn = (tx: Db, entries: LedgerBatchEntry[]) => Promise<unknown>;

export async function postLedgerEntries(tx: Db, entries: LedgerBatchEntry[]): Promise<void> {
  if (!entries.length) return;
  const batch = (ledger as unknown as { postLedgerBatch?: BatchFn }).postLedgerBatch;
  if (batch) {
    await batch(tx, entries);
    return;
  }
  for (const e of entries) await ledger.postLedger(tx, e);
}
