/**
 * Where a room's HLS lines live: the storage/origin interface the packager writes through and the
 * /live-hls route reads from. The default is local disk under DATA_DIR/live-hls/<room>/<line>/; a
 * shared volume or an object-store origin implements the same calls so several nodes can serve one
 * room.
 */
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface LiveOrigin {
  /** a local directory the packager (ffmpeg) writes a line's playlist and segments into */
  prepare(room: number, line: string): Promise<string>;
  /** a playlist or segment, or null when there is none (yet) */
  read(room: number, line: string, file: string): Promise<Buffer | null>;
  /**
   * When a file was last written (ms, the server's clock), or null. A playlist is rewritten as each
   * segment is finished, so its time is the wall-clock time of the newest packaged frame (the live
   * edge), which the player's latency chip compares with (ffmpeg's program dates run ahead of the
   * wall clock by the packager's input probing, seconds under load).
   */
  modifiedAt(room: number, line: string, file: string): Promise<number | null>;
  /** drop a room's files (stream ended) */
  clear(room: number): Promise<void>;
}

export function localOrigin(dataDir: string): LiveOrigin {
  const root = join(dataDir, 'live-hls');
  const dir = (room: number, line: string) => join(root, String(room), line);
  return {
    async prepare(room, line) {
      const d = dir(room, line);
      await rm(d, { recursive: true, force: true });
      await mkdir(d, { recursive: true });
      return d;
    },
    async read(room, line, file) {
      try {
        return await readFile(join(dir(room, line), file));
      } catch {
        return null;
      }
    },
    async modifiedAt(room, line, file) {
      try {
        return (await stat(join(dir(room, line), file))).mtimeMs;
      } catch {
        return null;
      }
    },
    async clear(room) {
      await rm(join(root, String(room)), { recursive: true, force: true });
    },
  };
}
