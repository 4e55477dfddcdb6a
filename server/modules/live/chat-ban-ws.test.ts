/**
 * A banned viewer cannot read the room's chat over the websocket: the chat topic's guard refuses the
 * subscription, a ban imposed while subscribed drops it (pushed), and a revoke lets them join again.
 * Real websocket clients on /ws.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { connectWs } from '../../test/ws-client';
import { creatorWithRoom } from './test-room';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it('refuses, drops and readmits a banned viewer on chat:live-<id>', async () => {
  const { owner, roomId } = await creatorWithRoom(t, '62175101', { title: '英超周末前瞻', category: 'talk' });
  const fan = await t.loginByPhone('62175102');
  const other = await t.loginByPhone('62175103');
  const topic = `chat:live-${roomId}`;
  // one speaker per line: the chat's rate limit would refuse a quick second line from the same person
  let speakers = 0;
  const say = async (text: string) => {
    const speaker = await t.loginByPhone(`6217520${speakers++}`);
    expect(
      (
        await t.call('POST', `/mdr/api/v1/chat/rooms/live-${roomId}/messages`, {
          token: speaker.token,
          body: { text },
        })
      ).code,
    ).toBe(0);
  };

  const fanWs = await connectWs(t.app, fan.token);
  const otherWs = await connectWs(t.app, other.token);
  await Promise.all([fanWs.next('ready'), otherWs.next('ready')]);
  fanWs.send({ type: 'sub', topic });
  otherWs.send({ type: 'sub', topic });
  await Promise.all([fanWs.next('subscribed'), otherWs.next('subscribed')]);
  await say('開波喇');
  expect((await fanWs.next('event')).data).toMatchObject({ kind: 'chat' });
  await otherWs.next('event');

  // banned while subscribed: told why (sanction event, then the eviction) and hears nothing more
  const ban = await t.call('POST', `/mdr/api/v1/live/rooms/${roomId}/sanctions`, {
    token: owner.token,
    body: { user_id: fan.userId, kind: 'ban' },
  });
  expect(ban.code).toBe(0);
  expect((await fanWs.next('event')).data).toMatchObject({
    kind: 'sanction',
    sanction: 'ban',
    user_id: fan.userId,
  });
  expect(await fanWs.next('error')).toMatchObject({ reason: 'evicted', code: 170402, topic });
  await otherWs.next('event'); // the others saw the sanction and stay
  await say('角球');
  expect((await otherWs.next('event')).data).toMatchObject({ kind: 'chat', item: { text: '角球' } });
  fanWs.send({ type: 'ping' });
  await fanWs.next('pong');
  expect(fanWs.messages.filter((m) => m.type === 'event')).toEqual([]);

  // banned: a new subscription (this socket or a fresh one) is refused with the code and its words
  fanWs.send({ type: 'sub', topic });
  const refused = await fanWs.next('error');
  expect(refused).toMatchObject({ reason: 'forbidden', code: 170402, topic });
  expect(typeof refused.msg).toBe('string');
  const fresh = await connectWs(t.app, fan.token);
  await fresh.next('ready');
  fresh.send({ type: 'sub', topic });
  expect(await fresh.next('error')).toMatchObject({ reason: 'forbidden', code: 170402 });
  await say('入咗！');
  await otherWs.next('event');
  fresh.send({ type: 'ping' });
  await fresh.next('pong');
  expect([...fresh.messages, ...fanWs.messages].some((m) => m.type === 'event')).toBe(false);

  // other topics are untouched by the chat guard; other viewers are not refused
  fresh.send({ type: 'sub', topic: `chat:match-1` });
  expect(await fresh.next('subscribed')).toMatchObject({ topic: 'chat:match-1' });

  // unbanned: may join again and reads the room
  const revoke = await t.call('DELETE', `/mdr/api/v1/live/rooms/${roomId}/sanctions/${fan.userId}`, {
    token: owner.token,
  });
  expect(revoke.code).toBe(0);
  fresh.send({ type: 'sub', topic });
  expect(await fresh.next('subscribed')).toMatchObject({ topic });
  await say('完場');
  expect((await fresh.next('event')).data).toMatchObject({ kind: 'chat', item: { text: '完場' } });
  for (const s of [fanWs, otherWs, fresh]) s.close();
});

it('refuses a chat topic of a room that does not exist', async () => {
  const me = await t.loginByPhone('62175104');
  const ws = await connectWs(t.app, me.token);
  await ws.next('ready');
  ws.send({ type: 'sub', topic: 'chat:live-999999' });
  expect(await ws.next('error')).toMatchObject({
    reason: 'forbidden',
    code: 100404,
    topic: 'chat:live-999999',
  });
  ws.close();
});
