/**
 * The media service of one node: the RTMP ingest (creators), the demo broadcaster (demo rooms) and the
 * packagers they start, each writing a room's lines through the origin. Started when the server starts
 * listening (never in app.inject tests), stopped when it closes.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db';
import { liveRooms, matches, teams } from '../../../db/schema';
import { LINES, roomForKey, setStatus } from '../rooms-service';
import { demoFilter, demoInput, writeScore } from './demo';
import { type Ingest, startIngest } from './ingest';
import type { LiveOrigin } from './origin';
import { startPackager } from './packager';

export interface MediaOptions {
  db: Db;
  origin: LiveOrigin;
  dataDir: string;
  /** RTMP port (0: any free port), null: no ingest on this node */
  rtmpPort: number | null;
  rtmpHost: string;
  /** the host creators are told to publish to */
  publicHost: string;
  demo: boolean;
  log: { info(msg: string): void; warn(msg: string): void };
  onStatus(roomId: number, status: 'idle' | 'live'): void;
}

export interface LiveMedia {
  start(): Promise<void>;
  stop(): Promise<void>;
  rtmpBase(): string | null;
  /** cut a room's stream (ended, key rotated) */
  stopRoom(roomId: number): void;
}

/**
 * Packagers of a server that was killed (no shutdown) would run on: their pids are kept in a file
 * under DATA_DIR, and the next start ends those that are still an ffmpeg writing into this DATA_DIR.
 */
function pidFile(dataDir: string) {
  return join(dataDir, 'live-packagers.json');
}

function killStale(dataDir: string): void {
  let pids: number[] = [];
  try {
    pids = JSON.parse(readFileSync(pidFile(dataDir), 'utf8'));
  } catch {
    return;
  }
  for (const pid of Array.isArray(pids) ? pids : []) {
    try {
      const cmd = readFileSync(`/proc/${Number(pid)}/cmdline`, 'utf8');
      if (cmd.includes('ffmpeg') && cmd.includes(dataDir)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone already, or no /proc here
    }
  }
}

export function createLiveMedia(o: MediaOptions): LiveMedia {
  let ingest: Ingest | null = null;
  let stopping = false;
  const packagers = new Map<number, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  const savePids = () => {
    try {
      writeFileSync(pidFile(o.dataDir), JSON.stringify([...packagers.values()].map((c) => c.pid)));
    } catch {
      // best effort
    }
  };

  async function startRoom(roomId: number, input: string[], videoFilter?: string, restart?: () => void) {
    const dirs = await Promise.all(LINES.map((line) => o.origin.prepare(roomId, line)));
    const child = startPackager({
      input,
      videoFilter,
      // the last line is the lower rendition; the others carry the full encode
      lineDirs: dirs.slice(0, -1),
      lowDir: dirs[dirs.length - 1],
      log: (m) => o.log.warn(`live room ${roomId}: ${m}`),
      onExit: (code) => {
        if (packagers.get(roomId) !== child) return;
        packagers.delete(roomId);
        if (stopping) return;
        o.log.info(`live room ${roomId}: packager exited (${code})`);
        if (restart) {
          const t = setTimeout(() => {
            timers.delete(t);
            if (!stopping) restart();
          }, 5000);
          timers.add(t);
        } else {
          void setStatus(o.db, roomId, 'idle').then(() => o.onStatus(roomId, 'idle'));
        }
      },
    });
    if (!child) return;
    packagers.set(roomId, child);
    savePids();
    // live = playable: the first playlist is written (a viewer arriving earlier would only see 404s)
    for (let i = 0; i < 100 && packagers.get(roomId) === child; i++) {
      if (await o.origin.read(roomId, LINES[0], 'index.m3u8')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    if (packagers.get(roomId) !== child) return;
    await setStatus(o.db, roomId, 'live');
    o.onStatus(roomId, 'live');
  }

  async function scoreText(matchId: number | null): Promise<string> {
    if (!matchId) return '示範節目 · 球迷直播間';
    const [m] = await o.db
      .select({
        home: matches.homeTeamId,
        away: matches.awayTeamId,
        hs: matches.homeScore,
        as: matches.awayScore,
        minute: matches.minute,
      })
      .from(matches)
      .where(eq(matches.id, matchId));
    if (!m) return '示範節目 · 球迷直播間';
    const names = await o.db
      .select({ id: teams.id, name: teams.shortZhhk })
      .from(teams)
      .where(inArray(teams.id, [m.home, m.away]));
    const name = (id: number) => names.find((t) => t.id === id)?.name ?? '';
    const minute = m.minute > 0 ? `  ${m.minute}'` : '';
    return `${name(m.home)}  ${m.hs} - ${m.as}  ${name(m.away)}${minute}`;
  }

  async function startDemo(room: { id: number; matchId: number | null }) {
    const dir = join(o.dataDir, 'live-demo', String(room.id));
    await mkdir(dir, { recursive: true });
    const file = await writeScore(dir, await scoreText(room.matchId));
    const tick = setInterval(() => {
      scoreText(room.matchId)
        .then((t) => writeScore(dir, t))
        .catch(() => {});
    }, 3000);
    tick.unref();
    timers.add(tick);
    await startRoom(
      room.id,
      demoInput(),
      demoFilter(file),
      () => void startRoom(room.id, demoInput(), demoFilter(file)),
    );
  }

  return {
    async start() {
      killStale(o.dataDir);
      // streams of a previous run are gone: nothing is live until it publishes again
      await o.db
        .update(liveRooms)
        .set({ status: 'idle' })
        .where(and(eq(liveRooms.status, 'live'), eq(liveRooms.demo, false)));
      if (o.rtmpPort !== null) {
        try {
          ingest = await startIngest(o.rtmpPort, o.rtmpHost, {
            authorize: async (key) => (await roomForKey(o.db, key))?.id ?? null,
            onPublish: (roomId, key) => {
              packagers.get(roomId)?.kill('SIGKILL');
              const url = `rtmp://127.0.0.1:${ingest?.port}/live/${key}`;
              void startRoom(roomId, ['-i', url]);
            },
            onDone: (roomId) => this.stopRoom(roomId),
            log: (m) => o.log.warn(m),
          });
          o.log.info(`live: RTMP ingest on ${o.rtmpHost}:${ingest.port}`);
        } catch (err) {
          // e.g. the port is taken: the app runs on, rooms just cannot be published to on this node
          o.log.warn(`live: no RTMP ingest (${(err as Error).message})`);
        }
      }
      if (o.demo) {
        const rooms = await o.db
          .select({ id: liveRooms.id, matchId: liveRooms.matchId })
          .from(liveRooms)
          .where(and(eq(liveRooms.demo, true), inArray(liveRooms.status, ['idle', 'live'])));
        for (const room of rooms) await startDemo(room);
      } else {
        await o.db
          .update(liveRooms)
          .set({ status: 'idle' })
          .where(and(eq(liveRooms.status, 'live'), eq(liveRooms.demo, true)));
      }
    },
    async stop() {
      stopping = true;
      for (const t of timers) clearTimeout(t);
      for (const child of packagers.values()) child.kill('SIGKILL');
      packagers.clear();
      await ingest?.close();
    },
    rtmpBase() {
      return ingest ? `rtmp://${o.publicHost}:${ingest.port}/live` : null;
    },
    stopRoom(roomId) {
      ingest?.kick(roomId);
      const child = packagers.get(roomId);
      if (!child) return;
      packagers.delete(roomId);
      child.kill('SIGKILL');
      void setStatus(o.db, roomId, 'idle').then(() => o.onStatus(roomId, 'idle'));
    },
  };
}
