import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FAILED_CLOSE_CODE, KICKED_CLOSE_CODE, LOGOUT_CLOSE_CODE } from '../../contracts/realtime';
import { createTestApp, type TestApp } from '../test/harness';
import { connectWs } from '../test/ws-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const connect = (token: string) => connectWs(t.app, token);

describe('/ws', () => {
  it('pushes {type:"kicked"} to the older session when the account logs in elsewhere, then closes', async () => {
    const first = await t.loginByPhone('65550001');
    const socket = await connect(first.token);
    await socket.next('ready');
    await t.loginByPhone('65550001');
    expect(await socket.next('kicked')).toEqual({ type: 'kicked' });
    expect(await socket.closed).toBe(KICKED_CLOSE_CODE);
  });

  it('ends the socket of a session that logs out, so private topics stop too', async () => {
    const me = await t.loginByPhone('65550006');
    const socket = await connect(me.token);
    await socket.next('ready');
    socket.send({ type: 'sub', topic: `user:${me.userId}` });
    await socket.next('subscribed');
    await t.call('POST', '/prs/api/v1/user/logout', { token: me.token });
    expect(await socket.next('logout')).toEqual({ type: 'logout' });
    expect(await socket.closed).toBe(LOGOUT_CLOSE_CODE);
  });

  it('does not bother sockets of other accounts', async () => {
    const mine = await t.loginByPhone('65550002');
    const socket = await connect(mine.token);
    await socket.next('ready');
    await t.loginByPhone('65550003');
    socket.send({ type: 'ping' });
    await socket.next('pong');
    expect(socket.messages.some((m) => m.type === 'kicked')).toBe(false);
    socket.close();
  });

  it('refuses a socket with a revoked token, saying why', async () => {
    const first = await t.loginByPhone('65550004');
    await t.loginByPhone('65550004');
    const socket = await connect(first.token);
    expect(await socket.next('error')).toMatchObject({ code: 100203 });
    expect(await socket.closed).toBe(AUTH_FAILED_CLOSE_CODE);
  });

  it('refuses a socket without a valid token', async () => {
    const socket = await connect('nope');
    expect(await socket.next('error')).toMatchObject({ code: 100201 });
    expect(await socket.closed).toBe(AUTH_FAILED_CLOSE_CODE);
  });

  it('delivers topic events to subscribers only, until they unsubscribe', async () => {
    const a = await connect(await t.token());
    const b = await connect(await t.token());
    await Promise.all([a.next('ready'), b.next('ready')]);
    a.send({ type: 'sub', topic: 'match:42' });
    expect(await a.next('subscribed')).toMatchObject({ type: 'subscribed', topic: 'match:42' });

    await t.app.deps.hub.publish('match:42', { score: '1-0' });
    expect(await a.next('event')).toMatchObject({ type: 'event', topic: 'match:42', data: { score: '1-0' } });

    a.send({ type: 'unsub', topic: 'match:42' });
    await a.next('unsubscribed');
    await t.app.deps.hub.publish('match:42', { score: '2-0' });
    b.send({ type: 'ping' });
    a.send({ type: 'ping' });
    await Promise.all([a.next('pong'), b.next('pong')]);
    expect([...a.messages, ...b.messages].some((m) => m.type === 'event')).toBe(false);
    a.close();
    b.close();
  });

  it('keeps a subscription sent before the token check finished (clients subscribe on open)', async () => {
    const messages: any[] = [];
    const ws = await t.app.injectWS(
      `/ws?token=${encodeURIComponent(await t.token())}`,
      {},
      {
        onInit(socket) {
          socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
          socket.on('open', () => socket.send(JSON.stringify({ type: 'sub', topic: 'match:77', since: 0 })));
        },
      },
    );
    ws.send(JSON.stringify({ type: 'sub', topic: 'match:78' }));
    const end = Date.now() + 3000;
    while (messages.filter((m) => m.type === 'subscribed').length < 2 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    expect(
      messages
        .filter((m) => m.type === 'subscribed')
        .map((m) => m.topic)
        .sort(),
    ).toEqual(['match:77', 'match:78']);
    ws.terminate();
  });

  it('keeps private topics private and rejects malformed ones', async () => {
    const me = await t.loginByPhone('65550005');
    const socket = await connect(me.token);
    await socket.next('ready');
    socket.send({ type: 'sub', topic: `user:${me.userId}` });
    expect(await socket.next('subscribed')).toMatchObject({ topic: `user:${me.userId}` });
    for (const topic of [`user:${me.userId + 1}`, 'session:1', 'no colon', 'x'.repeat(200)]) {
      socket.send({ type: 'sub', topic });
      expect(await socket.next('error')).toMatchObject({ reason: 'bad_topic' });
    }
    socket.send('not json' as unknown);
    expect(await socket.next('error')).toMatchObject({ reason: 'bad_message' });
    socket.close();
  });
});
