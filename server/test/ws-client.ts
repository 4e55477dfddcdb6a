/** A websocket client for server tests: a real `ws` socket on the app's /ws (injectWS), with waits per frame type. */
import type { FastifyInstance } from 'fastify';

export interface TestSocket {
  messages: any[];
  /** the first frame of a type not yet taken (removed from messages), within timeoutMs */
  next(type: string, timeoutMs?: number): Promise<any>;
  closed: Promise<number>;
  send(msg: unknown): void;
  close(): void;
}

export async function connectWs(app: FastifyInstance, token: string): Promise<TestSocket> {
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  let resolveClosed: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => {
    resolveClosed = resolve;
  });
  // listeners go on before the handshake completes: the server may speak first
  const ws = await app.injectWS(
    `/ws?token=${encodeURIComponent(token)}`,
    {},
    {
      onInit(socket) {
        socket.on('message', (data: Buffer) => {
          messages.push(JSON.parse(data.toString()));
          for (const w of waiters.splice(0)) w();
        });
        socket.on('close', (code: number) => resolveClosed(code));
      },
    },
  );
  return {
    messages,
    closed,
    send: (msg) => ws.send(JSON.stringify(msg)),
    close: () => ws.terminate(),
    next(type, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      return new Promise((resolve, reject) => {
        const check = () => {
          const i = messages.findIndex((m) => m.type === type);
          if (i >= 0) return resolve(messages.splice(i, 1)[0]);
          if (Date.now() > deadline)
            return reject(new Error(`no ${type} message; got ${JSON.stringify(messages)}`));
          waiters.push(check);
          setTimeout(check, 50);
        };
        check();
      });
    },
  };
}
