/**
 * Live rooms on the wire: the realtime topic of a room and the events it carries (a gift with its
 * combo, the pushed viewer count, the room's status), read by the live-video/room widgets and
 * published by the server's live module.
 */

/** The realtime topic of a live room's events (gifts, viewers, status); chat stays on chat:live-<id>. */
export const liveTopic = (roomId: number) => `live:${roomId}`;

export interface LiveGiftEvent {
  kind: 'gift';
  room_id: number;
  gift_id: string;
  /** 1 for a first send, n for the n-th within the combo countdown */
  combo: number;
  /** seconds the combo countdown has from now (restarts on every send) */
  combo_seconds: number;
  user: { id: number; nickname: string; avatar: string };
  /** the sender's tap id: the sender's own screen already showed it */
  tap_id: string;
}

export interface LiveViewersEvent {
  kind: 'viewers';
  room_id: number;
  viewers: number;
}

export interface LiveStatusEvent {
  kind: 'status';
  room_id: number;
  status: 'idle' | 'live' | 'ended';
}

/** A lucky bag dropped (status open) or drawn (status drawn, with its winners); see lucky_bag_rule. */
export interface LiveLuckyBagEvent {
  kind: 'lucky_bag';
  room_id: number;
  bag: {
    id: number;
    room_id: number;
    total: number;
    shares: number;
    mode: 'even' | 'random';
    status: 'open' | 'drawn';
    ends_at: string;
    entrants: number;
    paid: number;
    refunded: number;
    winners: { user: { id: number; nickname: string; avatar: string }; amount: number }[];
  };
}

export type LiveEvent = LiveGiftEvent | LiveViewersEvent | LiveStatusEvent | LiveLuckyBagEvent;

export function isLiveEvent(data: unknown): data is LiveEvent {
  const e = data as { kind?: unknown } | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    (e.kind === 'gift' || e.kind === 'viewers' || e.kind === 'status' || e.kind === 'lucky_bag')
  );
}
