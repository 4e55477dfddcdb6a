/**
 * Who is watching, per room, on this node: every playlist poll of the player (hls.js reloads a live
 * playlist about once a segment) carries the viewer's random token `v`; a viewer seen in the last
 * WINDOW_MS counts. Node-local: with several nodes each counts its own viewers (noted in the README).
 */
const WINDOW_MS = 12_000;
const rooms = new Map<number, Map<string, number>>();

export function touch(roomId: number, token: string, at = Date.now()): void {
  let seen = rooms.get(roomId);
  if (!seen) {
    seen = new Map();
    rooms.set(roomId, seen);
  }
  if (seen.size < 100_000 || seen.has(token)) seen.set(token, at);
}

export function viewerCount(roomId: number, at = Date.now()): number {
  const seen = rooms.get(roomId);
  if (!seen) return 0;
  let n = 0;
  for (const [token, t] of seen) {
    if (at - t <= WINDOW_MS) n++;
    else seen.delete(token);
  }
  if (!seen.size) rooms.delete(roomId);
  return n;
}

/** rooms with viewers seen recently (the pusher publishes their counts) */
export function watchedRooms(): number[] {
  return [...rooms.keys()];
}
