/** The player's small pure helpers: the room's playback lines, a tolerant play(), the viewer token. */
export interface Line {
  id: string;
  url: string;
  /** picture height (360, 240...) when the server says: the switcher names the rendition */
  height?: number;
}

/** spec §1: up to 9 playback lines per room */
export const MAX_LINES = 9;

export function asLines(v: unknown): Line[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((l): l is Line => !!l && typeof l.url === 'string' && l.url.startsWith('/') && l.id !== undefined)
    .slice(0, MAX_LINES)
    .map((l) => ({
      id: String(l.id),
      url: l.url,
      ...(typeof l.height === 'number' && l.height > 0 ? { height: Math.round(l.height) } : {}),
    }));
}

/** play() answers a promise in browsers (rejected when autoplay is refused), nothing in older engines */
export function tryPlay(video: HTMLVideoElement): void {
  try {
    const p = video.play() as Promise<void> | undefined;
    p?.catch(() => {});
  } catch {
    // not playable (yet)
  }
}

/** the viewer's presence token (?v= on the playlist: the server counts viewers by it) */
export const viewerToken = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => (b % 36).toString(36)).join('');
