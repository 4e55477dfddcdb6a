import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EV } from '../../../contracts/match';
import { newsArticles, users } from '../../db/schema';
import { resetClock, setClock } from '../../http/clock';
import { type TestApp, withTestApp } from '../../test/harness';
import { uploadJpegs, verifiedUser } from '../ops/test-helpers';
import { generateReport, reportFacts, writeReport } from './index';
import { generateMissingReports } from './report';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let ops: { token: string; userId: number };
const XSS = '<img src=x onerror=alert(1)><script>alert("x")</script> 入波！';

beforeAll(async () => {
  alice = await t.loginByPhone('61230001');
  bob = await t.loginByPhone('61230002');
  ops = await t.loginByPhone('90000000');
});

/** each test user may comment every few seconds: move the clock on between comments */
let clockMs = Date.now();
function tick(ms = 10_000) {
  clockMs += ms;
  setClock(() => clockMs);
}

/** the offset-th report of the feed that is served now (the feed's first pages may be seconds old) */
async function someReport(offset = 0) {
  const feed = await t.call('GET', '/mdr/api/v1/news?tab=news&size=50');
  expect(feed.code).toBe(0);
  const reports = [];
  for (const x of feed.data.list.filter((r: any) => r.kind === 'report')) {
    const [row] = await t.db
      .select({ hidden: newsArticles.hidden })
      .from(newsArticles)
      .where(eq(newsArticles.id, x.id));
    if (row && !row.hidden) reports.push(x);
  }
  expect(reports.length).toBeGreaterThan(offset);
  return reports[offset];
}

describe('feed and automatic match reports', () => {
  it('the seed wrote reports of finished matches, labelled automatic, newest first', async () => {
    const feed = await t.call('GET', '/mdr/api/v1/news?size=20');
    expect(feed.code).toBe(0);
    expect(feed.data.total).toBeGreaterThan(10);
    const list = feed.data.list;
    expect(list.some((x: any) => x.kind === 'report' && x.automatic && x.match_id)).toBe(true);
    for (let i = 1; i < list.length; i++)
      expect(list[i - 1].published_ms).toBeGreaterThanOrEqual(list[i].published_ms);
  });

  it("a report's score and scorers are the match's events", async () => {
    const feed = await t.call('GET', '/mdr/api/v1/news?size=50');
    const reports = feed.data.list.filter((x: any) => x.kind === 'report').slice(0, 8);
    let checkedGoals = 0;
    for (const r of reports) {
      const m = await t.call('GET', `/mdr/api/v1/matches/${r.match_id}`);
      expect(m.data.status).toBe(10);
      const d = await t.call('GET', `/mdr/api/v1/news/${r.id}`);
      expect(d.code).toBe(0);
      expect(d.data.title).toContain(`${m.data.home_score}:${m.data.away_score}`);
      expect(d.data.title).toContain(m.data.home_name);
      const ev = await t.call('GET', `/mdr/api/v1/matches/${r.match_id}/events?all=true`);
      const goals = ev.data.list.filter((e: any) => [EV.GOAL, EV.OWN_GOAL, EV.PEN_GOAL].includes(e.code));
      expect(goals.length).toBe(m.data.home_score + m.data.away_score);
      const items = d.data.body.match(/<li>[^<]*<\/li>/g) ?? [];
      for (const g of goals) {
        const clock = g.added_minute > 0 ? `${g.minute}+${g.added_minute}'` : `${g.minute}'`;
        const line = items.find(
          (li: string) => li.startsWith(`<li>${clock} `) && li.includes(` ${g.home_score}:${g.away_score}<`),
        );
        expect(line, `${r.title}: goal at ${clock}`).toBeTruthy();
        if (g.player_name) expect(line).toContain(g.player_name);
        checkedGoals++;
      }
      expect(d.data.body).toContain('自動生成');
    }
    expect(checkedGoals).toBeGreaterThan(0);
  });

  it('writes the report in three scripts, and once per match', async () => {
    const r = await someReport();
    const facts = await reportFacts(t.db, r.match_id);
    expect(facts).not.toBeNull();
    if (!facts) return;
    const cn = writeReport(facts, 'zhcn');
    const tw = writeReport(facts, 'zhtw');
    expect(cn.body).toContain('自动生成');
    expect(tw.body).toContain('自動產生');
    const cnDetail = await t.call('GET', `/mdr/api/v1/news/${r.id}`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(cnDetail.data.title).toBe(cn.title);
    expect(await generateReport(t.db, r.match_id)).toBeNull();
  });

  it('the sweep writes a report a missed notification left out', async () => {
    const r = await someReport(1);
    await t.db.delete(newsArticles).where(eq(newsArticles.id, r.id));
    const [m] = (await t.call('GET', `/mdr/api/v1/matches/${r.match_id}`)).data ? [r] : [];
    expect(m).toBeTruthy();
    const made = await generateMissingReports(t.db, {
      sinceMs: Date.now() - 8 * 86_400_000,
      untilMs: Date.now(),
    });
    expect(made.length).toBe(1);
    const [row] = await t.db.select().from(newsArticles).where(eq(newsArticles.matchId, r.match_id));
    expect(row.kind).toBe('report');
  });

  it('unknown, hidden and malformed ids', async () => {
    expect((await t.call('GET', '/mdr/api/v1/news/99999999')).code).toBe(100404);
    expect((await t.call('GET', '/mdr/api/v1/news/abc')).code).toBe(100400);
    expect((await t.call('GET', '/mdr/api/v1/news?tab=nope')).code).toBe(100400);
    expect((await t.call('GET', '/mdr/api/v1/news/99999999/comments')).code).toBe(100404);
    expect((await t.call('POST', '/mdr/api/v1/news/99999999/praise', { token: alice.token })).code).toBe(
      100404,
    );
  });

  it('popular news is the news ranking', async () => {
    const p = await t.call('GET', '/mdr/api/v1/matches/news/popular?size=5');
    expect(p.code).toBe(0);
    expect(p.data.list.length).toBe(5);
    expect(p.data.list[0]).toMatchObject({ title: expect.any(String), praise_count: expect.any(Number) });
    const hot = await t.call('GET', '/mdr/api/v1/news?tab=hot&size=5');
    expect(hot.data.list.map((x: any) => x.id)).toEqual(p.data.list.map((x: any) => x.id));
  });
});

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

describe('operator articles', () => {
  it('sanitised on save, audited, hidden ones never served', async () => {
    const body = {
      title_zhhk: '<b>港超</b>焦點',
      body_zhhk: `<p onclick="x()">正文<script>alert(1)</script><a href="javascript:alert(1)">連結</a><img src="https://example.com/a.jpg" onerror="x()"></p>`,
    };
    expect((await t.call('POST', '/mdr/api/v1/ops/news', { token: alice.token, body })).code).toBe(110403);
    const made = await t.call('POST', '/mdr/api/v1/ops/news', { token: ops.token, body });
    expect(made.code).toBe(0);
    expect(made.data.body_zhhk).not.toMatch(/script|onclick|onerror|javascript/);
    expect(made.data.body_zhhk).toContain('<img src="https://example.com/a.jpg"');
    expect(made.data.title_zhtw).toBe(body.title_zhhk);
    const id = made.data.id;
    const read = await t.call('GET', `/mdr/api/v1/news/${id}`);
    expect(read.data).toMatchObject({ kind: 'article', automatic: false, title: body.title_zhhk });

    const edit = await t.call('PUT', `/mdr/api/v1/ops/news/${id}`, {
      token: ops.token,
      body: { ...body, title_zhhk: '港超焦點' },
    });
    expect(edit.data.title_zhhk).toBe('港超焦點');

    await t.call('POST', `/mdr/api/v1/news/${id}/praise`, { token: bob.token });
    expect(
      (await t.call('POST', `/mdr/api/v1/ops/news/${id}/hide`, { token: ops.token, body: {} })).code,
    ).toBe(0);
    expect((await t.call('GET', `/mdr/api/v1/news/${id}`)).code).toBe(100404);
    const feed = await t.call('GET', '/mdr/api/v1/news?size=100');
    expect(feed.data.list.some((x: any) => x.id === id)).toBe(false);
    const hot = await t.call('GET', '/mdr/api/v1/news?tab=hot&size=100');
    expect(hot.data.list.some((x: any) => x.id === id)).toBe(false);
    const bobs = await t.call('GET', '/mdr/api/v1/news/my/praise', { token: bob.token });
    expect(bobs.data.list.some((x: any) => x.id === id)).toBe(false);
    expect((await t.call('GET', `/mdr/api/v1/news/${id}/comments`)).code).toBe(100404);

    const bad = await t.call('POST', '/mdr/api/v1/ops/news', {
      token: ops.token,
      body: { title_zhhk: 'x', body_zhhk: '<script></script>' },
    });
    expect(bad.code).toBe(100400);
    const reportId = (await someReport()).id;
    const rewrite = await t.call('PUT', `/mdr/api/v1/ops/news/${reportId}`, { token: ops.token, body });
    expect(rewrite.code).toBe(110403);
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.id, ops.userId));
    expect(u).toBeTruthy();
  });
});

describe('activities', () => {
  it('real name first; text and own JPEGs; comments, praise; hidden posts never served', async () => {
    const poster = await verifiedUser(t, '61230011', ops.token);
    const plain = await t.loginByPhone('61230012');
    const body = { text: `  ${XSS}  `, images: await uploadJpegs(t, poster.token, 2) };
    const refused = await t.call('POST', '/mdr/api/v1/activities', {
      token: plain.token,
      body: { text: 'hi' },
    });
    expect(refused.code).toBe(110011);
    expect((await t.call('POST', '/mdr/api/v1/activities', { token: await t.token(), body })).code).toBe(
      110000,
    );
    const theirs = await uploadJpegs(t, plain.token, 1);
    const stolen = await t.call('POST', '/mdr/api/v1/activities', {
      token: poster.token,
      body: { text: 'x', images: theirs },
    });
    expect(stolen.code).toBe(100400);
    const tooMany = await t.call('POST', '/mdr/api/v1/activities', {
      token: poster.token,
      body: { text: 'x', images: Array.from({ length: 10 }, (_, i) => `/uploads/a/${i}.jpg`) },
    });
    expect(tooMany.code).toBe(100400);

    const made = await t.call('POST', '/mdr/api/v1/activities', { token: poster.token, body });
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ text: XSS, images: body.images, user: { id: poster.userId } });
    const again = await t.call('POST', '/mdr/api/v1/activities', {
      token: poster.token,
      body: { text: '再嚟' },
    });
    expect(again.code).toBe(160103);
    const id = made.data.id;
    const feed = await t.call('GET', '/mdr/api/v1/activities');
    expect(feed.data.list[0]).toMatchObject({ id, text: XSS });
    // the post's images are public now (other fans see them)
    const img = await t.app.inject({ method: 'GET', url: body.images[0] });
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toContain('public');

    tick(60_000);
    const c = await t.call('POST', `/mdr/api/v1/activities/${id}/comments`, {
      token: plain.token,
      body: { text: '好相' },
    });
    expect(c.data.comment_count).toBe(1);
    const p = await t.call('POST', `/mdr/api/v1/activities/${id}/praise`, { token: plain.token });
    expect(p.data).toMatchObject({ praised: true, praise_count: 1 });
    const d = await t.call('GET', `/mdr/api/v1/activities/${id}`, { token: plain.token });
    expect(d.data).toMatchObject({ praised: true, comment_count: 1, praise_count: 1 });
    // a news comment id is not a reply target on a post
    resetClock();

    const hide = await t.call('POST', `/mdr/api/v1/ops/activities/${id}/hide`, {
      token: ops.token,
      body: { reason: '廣告' },
    });
    expect(hide.code).toBe(0);
    expect((await t.call('GET', `/mdr/api/v1/activities/${id}`)).code).toBe(100404);
    expect((await t.call('GET', '/mdr/api/v1/activities')).data.list.some((x: any) => x.id === id)).toBe(
      false,
    );
    expect((await t.call('GET', `/mdr/api/v1/activities/${id}/comments`)).code).toBe(100404);
    expect((await t.call('POST', `/mdr/api/v1/activities/${id}/praise`, { token: poster.token })).code).toBe(
      100404,
    );
    // no longer public (only the uploader's preview window or a signed URL opens it)
    const gone = await t.app.inject({ method: 'GET', url: body.images[0] });
    expect(String(gone.headers['cache-control'])).not.toContain('public');
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
