/**
 * RTMP ingest with node-media-server v4 (only its RTMP listener: no HTTP admin, no store). A creator
 * publishes to rtmp://<host>:<port>/live/<stream key>; `authorize` looks the key up and the session is
 * closed when it names no room that may go live. Accepted streams are reported to onPublish/onDone.
 */

import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

interface NmsSession {
  id: string;
  streamApp: string;
  streamName: string;
  close(): void;
}

export interface IngestHandlers {
  /** the room id the key may publish to, or null to refuse */
  authorize(key: string): Promise<number | null>;
  onPublish(roomId: number, key: string): void;
  onDone(roomId: number, key: string): void;
  log(msg: string): void;
}

export interface Ingest {
  port: number;
  /** close the publishing connection of a room (key rotated, room ended) */
  kick(roomId: number): void;
  close(): Promise<void>;
}

export async function startIngest(port: number, host: string, h: IngestHandlers): Promise<Ingest> {
  const Context = require('node-media-server/src/core/context.js');
  const logger = require('node-media-server/src/core/logger.js');
  const NodeRtmpServer = require('node-media-server/src/server/rtmp_server.js');
  logger.level = 'error';
  Context.config = {
    bind: host,
    // node-media-server creates its listener only for a truthy port; we listen ourselves (0: any free port)
    rtmp: { port: port || 1935, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
  };
  const accepted = new Map<string, number>();
  const sessions = new Map<string, NmsSession>();
  const onPost = (session: NmsSession) => {
    const key = session.streamName;
    if (session.streamApp !== 'live' || !key) {
      session.close();
      return;
    }
    h.authorize(key).then(
      (roomId) => {
        if (roomId === null) {
          h.log(`live ingest: refused a publish with an unknown or closed key`);
          session.close();
          return;
        }
        accepted.set(session.id, roomId);
        sessions.set(session.id, session);
        h.onPublish(roomId, key);
      },
      () => session.close(),
    );
  };
  const onDone = (session: NmsSession) => {
    const roomId = accepted.get(session.id);
    if (roomId === undefined) return;
    accepted.delete(session.id);
    sessions.delete(session.id);
    h.onDone(roomId, session.streamName);
  };
  Context.eventEmitter.on('postPublish', onPost);
  Context.eventEmitter.on('donePublish', onDone);
  const server = new NodeRtmpServer();
  const tcp = server.tcpServer as import('node:net').Server;
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(port, host, () => resolve());
  });
  return {
    port: (tcp.address() as AddressInfo).port,
    kick(roomId) {
      for (const [id, room] of accepted) if (room === roomId) sessions.get(id)?.close();
    },
    async close() {
      Context.eventEmitter.off('postPublish', onPost);
      Context.eventEmitter.off('donePublish', onDone);
      // closes the listener and destroys every RTMP connection
      server.stop();
    },
  };
}
