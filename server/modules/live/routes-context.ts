/** What the live module's route files share: the typed app, the db, the hub and the media service. */
import type { Db } from '../../db';
import type { TypedApp } from '../../http/type-provider';
import type { Hub } from '../../realtime/hub';
import { giftCatalogue, roomTotals } from './gifts-service';
import type { LiveOrigin } from './media/origin';
import type { LiveMedia } from './media/service';
import type { MediaInfo, RoomRow } from './rooms-service';

export interface LiveRoutes {
  app: TypedApp;
  db: Db;
  hub: Hub;
  media: LiveMedia;
  origin: LiveOrigin;
  mediaInfo: () => MediaInfo;
}

/** The live end page's numbers of a room. */
export async function summaryOf(db: Db, row: RoomRow) {
  const totals = await roomTotals(db, row.id);
  const start = row.startedAt?.getTime() ?? null;
  const end = row.endedAt?.getTime() ?? Date.now();
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    duration_seconds: start === null ? 0 : Math.max(0, Math.round((end - start) / 1000)),
    peak_viewers: row.peakViewers,
    gifts: totals.gifts,
    coins: totals.coins,
    income: totals.income,
    // the exact share (hundredths of a coin) beside the whole coins credited: the page states the rule
    share_percent: giftCatalogue.creatorSharePercent,
    share_hundredths: totals.coins * giftCatalogue.creatorSharePercent,
    senders: totals.senders,
    started_at: row.startedAt ? row.startedAt.toISOString() : null,
    ended_at: row.endedAt ? row.endedAt.toISOString() : null,
  };
}
