/** A mute and its revoke are pushed on the room's chat topic (the muted viewer's notice comes from it). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { creatorWithRoom } from './test-room';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it('pushes the mute and the revoke to everyone in the room chat', async () => {
  const { owner, roomId } = await creatorWithRoom(t, '62174101', { title: '歐聯夜傾', category: 'talk' });
  const fan = await t.loginByPhone('62174102');
  const heard: any[] = [];
  const socket = {
    readyState: 1,
    send: (s: string) => heard.push(JSON.parse(s)),
    close() {},
    on(ev: string, l: (d?: unknown) => void) {
      if (ev === 'message')
        queueMicrotask(() => l(JSON.stringify({ type: 'sub', topic: `chat:live-${roomId}` })));
      return this;
    },
  };
  t.app.deps.hub.attach(socket as never, { sessionId: 999_101, userId: null });
  await new Promise((r) => setTimeout(r, 50));
  expect(
    (
      await t.call('POST', `/mdr/api/v1/chat/rooms/live-${roomId}/messages`, {
        token: fan.token,
        body: { text: '入波喇' },
      })
    ).code,
  ).toBe(0);
  const muted = await t.call('POST', `/mdr/api/v1/live/rooms/${roomId}/sanctions`, {
    token: owner.token,
    body: { user_id: fan.userId, kind: 'mute', minutes: 10 },
  });
  expect(muted.code).toBe(0);
  await t.call('DELETE', `/mdr/api/v1/live/rooms/${roomId}/sanctions/${fan.userId}`, { token: owner.token });
  await new Promise((r) => setTimeout(r, 50));
  const events = heard.filter((m) => m.type === 'event').map((m) => ({ seq: m.seq, data: m.data }));
  expect(events.map((e) => e.data.kind)).toEqual(['chat', 'sanction', 'sanction']);
  expect(events[1].data).toMatchObject({ user_id: fan.userId, sanction: 'mute', until: muted.data.until });
  expect(events[2].data).toMatchObject({ user_id: fan.userId, revoked: ['mute'] });
  expect(events[1].seq).toBeGreaterThan(events[0].seq);
});
