/** Comments, praise and collect on news, and the blacklist between commenters. */
import { describe, expect, it } from 'vitest';
import { resetClock } from '../../http/clock';
import { alice, bob, ops, setUpNewsApp, someReport, t, tick, XSS } from './test-kit';

setUpNewsApp();

describe('comments', () => {
  it('visitors cannot comment; text is stored and answered as plain text; replies thread', async () => {
    const r = await someReport(2);
    const before = (await t.call('GET', `/mdr/api/v1/news/${r.id}`)).data.comment_count;
    expect(
      (
        await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
          token: await t.token(),
          body: { text: 'hi' },
        })
      ).code,
    ).toBe(110000);

    const heard: any[] = [];
    const socket = {
      readyState: 1,
      send: (s: string) => heard.push(JSON.parse(s)),
      close() {},
      on(ev: string, l: (d?: unknown) => void) {
        if (ev === 'message') queueMicrotask(() => l(JSON.stringify({ type: 'sub', topic: `news:${r.id}` })));
        return this;
      },
    };
    t.app.deps.hub.attach(socket as never, { sessionId: 998_001, userId: null });
    await new Promise((res) => setTimeout(res, 50));

    tick();
    const c = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: alice.token,
      body: { text: `  ${XSS}\u202e ` },
    });
    expect(c.code).toBe(0);
    expect(c.data.text).toBe(XSS);
    expect(c.data.comment_count).toBe(before + 1);

    tick();
    const reply = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: bob.token,
      body: { text: '同意', reply_to: c.data.id },
    });
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ parent_id: c.data.id, reply_to: null });
    tick();
    const reply2 = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: alice.token,
      body: { text: '多謝', reply_to: reply.data.id },
    });
    expect(reply2.data).toMatchObject({ parent_id: c.data.id, reply_to: { id: reply.data.id } });

    const list = await t.call('GET', `/mdr/api/v1/news/${r.id}/comments`);
    const top = list.data.list.find((x: any) => x.id === c.data.id);
    expect(top.text).toBe(XSS);
    expect(top.replies.map((x: any) => x.id)).toEqual([reply.data.id, reply2.data.id]);
    expect((await t.call('GET', `/mdr/api/v1/news/${r.id}`)).data.comment_count).toBe(before + 3);

    await new Promise((res) => setTimeout(res, 50));
    const events = heard.filter((m) => m.type === 'event' && m.topic === `news:${r.id}`);
    expect(events.length).toBe(3);
    expect(events[2].data).toMatchObject({ kind: 'counts', data: { id: r.id, comment_count: before + 3 } });

    // a reply to a comment of another article is not found
    const other = await someReport(3);
    tick();
    const wrong = await t.call('POST', `/mdr/api/v1/news/${other.id}/comments`, {
      token: bob.token,
      body: { text: 'x', reply_to: c.data.id },
    });
    expect(wrong.code).toBe(100404);

    // operators hide a comment: it and its replies leave the list and the count
    const hide = await t.call('POST', `/mdr/api/v1/ops/news/comments/${c.data.id}/hide`, {
      token: ops.token,
      body: { reason: 'spam' },
    });
    expect(hide.code).toBe(0);
    const after = await t.call('GET', `/mdr/api/v1/news/${r.id}/comments?size=100`);
    expect(after.data.list.some((x: any) => x.id === c.data.id)).toBe(false);
    expect((await t.call('GET', `/mdr/api/v1/news/${r.id}`)).data.comment_count).toBe(before);
    expect(
      (
        await t.call('POST', `/mdr/api/v1/ops/news/comments/${c.data.id}/hide`, {
          token: alice.token,
          body: {},
        })
      ).code,
    ).toBe(110403);
    resetClock();
  });

  it('length and rate limits; bad input is refused, never a 500', async () => {
    const r = await someReport(4);
    tick(60_000);
    const long = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: alice.token,
      body: { text: '好'.repeat(501) },
    });
    expect(long.code).toBe(160102);
    const blank = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: alice.token,
      body: { text: '\u200b\u200b' },
    });
    expect(blank.code).toBe(160101);
    const bad = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: alice.token,
      body: { text: 1, reply_to: 'x' },
    });
    expect(bad.code).toBe(100400);
    const ok1 = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: alice.token,
      body: { text: '一' },
    });
    expect(ok1.code).toBe(0);
    const fast = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: alice.token,
      body: { text: '二' },
    });
    expect(fast.code).toBe(160103);
    expect(fast.data.retry_after_ms).toBeGreaterThan(0);
    resetClock();
  });
});

describe('praise and collect', () => {
  it('idempotent both ways, listed for their owner only, counts follow', async () => {
    const r = await someReport(5);
    const base = (await t.call('GET', `/mdr/api/v1/news/${r.id}`, { token: alice.token })).data;
    expect(base.praised).toBe(false);
    for (let i = 0; i < 2; i++) {
      const p = await t.call('POST', `/mdr/api/v1/news/${r.id}/praise`, { token: alice.token });
      expect(p.data).toMatchObject({ praised: true, praise_count: base.praise_count + 1 });
      const c = await t.call('POST', `/mdr/api/v1/news/${r.id}/collect`, { token: alice.token });
      expect(c.data).toMatchObject({ collected: true, collect_count: base.collect_count + 1 });
    }
    const d = await t.call('GET', `/mdr/api/v1/news/${r.id}`, { token: alice.token });
    expect(d.data).toMatchObject({ praised: true, collected: true });
    expect((await t.call('GET', `/mdr/api/v1/news/${r.id}`, { token: bob.token })).data.praised).toBe(false);

    const mine = await t.call('GET', '/mdr/api/v1/news/my/praise', { token: alice.token });
    expect(mine.data.list.map((x: any) => x.id)).toContain(r.id);
    const mineC = await t.call('GET', '/mdr/api/v1/news/my/collect', { token: alice.token });
    expect(mineC.data.list.map((x: any) => x.id)).toContain(r.id);
    const bobs = await t.call('GET', '/mdr/api/v1/news/my/praise', { token: bob.token });
    expect(bobs.data.list.map((x: any) => x.id)).not.toContain(r.id);
    expect((await t.call('GET', '/mdr/api/v1/news/my/praise', { token: await t.token() })).code).toBe(110000);

    for (let i = 0; i < 2; i++) {
      const p = await t.call('DELETE', `/mdr/api/v1/news/${r.id}/praise`, { token: alice.token });
      expect(p.data).toMatchObject({ praised: false, praise_count: base.praise_count });
    }
    const after = await t.call('GET', '/mdr/api/v1/news/my/praise', { token: alice.token });
    expect(after.data.list.map((x: any) => x.id)).not.toContain(r.id);
  });
});
describe('blacklist', () => {
  it('hides comments both ways and stops replies between the two', async () => {
    const r = await someReport(6);
    const carol = await t.loginByPhone('61230021');
    const dave = await t.loginByPhone('61230022');
    tick(60_000);
    const c = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: carol.token,
      body: { text: '卡露講兩句' },
    });
    expect(c.code).toBe(0);
    const block = await t.call('POST', '/mdr/api/v1/users/me/blacklists', {
      token: carol.token,
      body: { user_id: dave.userId },
    });
    expect(block.code).toBe(0);
    const asDave = await t.call('GET', `/mdr/api/v1/news/${r.id}/comments?size=100`, { token: dave.token });
    expect(asDave.data.list.some((x: any) => x.id === c.data.id)).toBe(false);
    const asVisitor = await t.call('GET', `/mdr/api/v1/news/${r.id}/comments?size=100`);
    expect(asVisitor.data.list.some((x: any) => x.id === c.data.id)).toBe(true);
    const reply = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: dave.token,
      body: { text: '我偏要答', reply_to: c.data.id },
    });
    expect(reply.code).toBe(110403);
    tick(60_000);
    const own = await t.call('POST', `/mdr/api/v1/news/${r.id}/comments`, {
      token: dave.token,
      body: { text: '大衛自己講' },
    });
    expect(own.code).toBe(0);
    const asCarol = await t.call('GET', `/mdr/api/v1/news/${r.id}/comments?size=100`, { token: carol.token });
    expect(asCarol.data.list.some((x: any) => x.id === own.data.id)).toBe(false);
    resetClock();
  });
});
