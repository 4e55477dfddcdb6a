/**
 * Settlement posts many ledger entries at once (refunds of every buyer, income of every expert) through
 * the wallet's set-based postLedgerBatch: same idempotency keys as single posts, so a plan's money
 * moves once however many nodes settle it.
 */
import type { Db } from '../../db';
import { type LedgerBatchEntry, postLedgerBatch } from '../wallet';

export type { LedgerBatchEntry };

export async function postLedgerEntries(tx: Db, entries: LedgerBatchEntry[]): Promise<void> {
  if (entries.length) await postLedgerBatch(tx, entries);
}
