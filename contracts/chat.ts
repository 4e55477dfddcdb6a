/**
 * Room chat on the wire: the message the history pages and the send answer carry, and the event the
 * server publishes on a room's realtime topic when one is sent.
 */

/** Rooms: "match-<id>" now, "live-<id>" for live-stream rooms later. */
export const ROOM_PATTERN = '^(match|live)-[1-9][0-9]{0,9}$';

export interface ChatMessage {
  id: number;
  room: string;
  text: string;
  created_at: string;
  created_ms: number;
  /** gold_badge: the sender wears the points store's gold fan badge now (absent from older servers) */
  user: { id: number; user_external: string; nickname: string; avatar: string; gold_badge?: boolean };
}

/** The realtime topic a room's new messages are published on. */
export const roomTopic = (room: string) => `chat:${room}`;

/** What a room's topic carries per sent message; seq is the message id, so replays keep their order. */
export interface ChatEvent {
  kind: 'chat';
  seq: number;
  item: ChatMessage;
}

export const chatEvent = (item: ChatMessage): ChatEvent => ({ kind: 'chat', seq: item.id, item });

export function isChatEvent(data: unknown): data is ChatEvent {
  const e = data as Partial<ChatEvent> | null;
  return (
    typeof e === 'object' && e !== null && e.kind === 'chat' && typeof e.item === 'object' && e.item !== null
  );
}

/**
 * A room's moderators (a live room's owner and operators) mute a user in its chat or ban them from the
 * room; the change is pushed on the room's topic, so the user concerned sees it at once. `sanction`
 * with `until` (null: until revoked) when imposed; `revoked` (the kinds lifted) when revoked.
 */
export interface SanctionEvent {
  kind: 'sanction';
  room_id: number;
  user_id: number;
  sanction?: 'mute' | 'ban';
  until?: string | null;
  revoked?: ('mute' | 'ban')[];
}

export function isSanctionEvent(data: unknown): data is SanctionEvent {
  const e = data as Partial<SanctionEvent> | null;
  return typeof e === 'object' && e !== null && e.kind === 'sanction' && typeof e.user_id === 'number';
}
