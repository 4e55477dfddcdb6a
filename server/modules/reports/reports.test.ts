import { beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../http/clock';
import { type TestApp, withTestApp } from '../../test/harness';
import { uploadJpegs, verifiedUser } from '../ops/test-helpers';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

let poster: { token: string; userId: number };
let reporter: { token: string; userId: number };
let other: { token: string; userId: number };
let ops: { token: string; userId: number };
let activityId: number;
let commentId: number;
let clockMs = Date.now();
const tick = (ms = 10_000) => {
  clockMs += ms;
  setClock(() => clockMs);
};
const XSS = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  ops = await t.loginByPhone('90000000');
  poster = await verifiedUser(t, '61260001', ops.token);
  reporter = await t.loginByPhone('61260002');
  other = await t.loginByPhone('61260003');
  tick();
  const post = await t.call('POST', '/mdr/api/v1/activities', {
    token: poster.token,
    body: { text: '球場見！' },
  });
  activityId = post.data.id;
  tick();
  const c = await t.call('POST', `/mdr/api/v1/activities/${activityId}/comments`, {
    token: poster.token,
    body: { text: '垃圾廣告 www.spam.example' },
  });
  commentId = c.data.id;
});

describe('reports', () => {
  it('a fan reports a comment with a reason, detail and an image; a repeat answers the same report', async () => {
    const [img] = await uploadJpegs(t, reporter.token, 1);
    const body = { kind: 'comment', target_id: commentId, reason: 'spam', detail: XSS, images: [img] };
    const r = await t.call('POST', '/mdr/api/v1/reports', { token: reporter.token, body });
    expect(r.code).toBe(0);
    expect(r.data.status).toBe('open');
    const again = await t.call('POST', '/mdr/api/v1/reports', { token: reporter.token, body });
    expect(again.data.id).toBe(r.data.id);
    const second = await t.call('POST', '/mdr/api/v1/reports', {
      token: other.token,
      body: { kind: 'comment', target_id: commentId, reason: 'abuse' },
    });
    expect(second.code).toBe(0);
  });

  it('refuses unknown targets, bad reasons, others’ images, visitors and reporting oneself', async () => {
    const post = (token: string, body: unknown) => t.call('POST', '/mdr/api/v1/reports', { token, body });
    expect((await post(reporter.token, { kind: 'comment', target_id: 99999999, reason: 'spam' })).code).toBe(
      100404,
    );
    expect(
      (await post(reporter.token, { kind: 'comment', target_id: commentId, reason: 'boring' })).code,
    ).toBe(100400);
    const [img] = await uploadJpegs(t, other.token, 1);
    expect(
      (await post(reporter.token, { kind: 'activity', target_id: activityId, reason: 'spam', images: [img] }))
        .code,
    ).not.toBe(0);
    expect(
      (await post(await t.token(), { kind: 'user', target_id: poster.userId, reason: 'spam' })).code,
    ).toBe(110000);
    expect(
      (await post(reporter.token, { kind: 'user', target_id: reporter.userId, reason: 'spam' })).code,
    ).toBe(100400);
  });

  it('the queue is the reviewers’: fans get 110403', async () => {
    expect((await t.call('GET', '/mdr/api/v1/ops/reports', { token: reporter.token })).code).toBe(110403);
    const q = await t.call('GET', '/mdr/api/v1/ops/reports?status=open', { token: ops.token });
    expect(q.code).toBe(0);
    const item = q.data.list.find(
      (x: any) => x.kind === 'comment' && x.target_id === commentId && x.reporter.id === reporter.userId,
    );
    expect(item).toMatchObject({
      target_text: '垃圾廣告 www.spam.example',
      target_hidden: false,
      target_user: { id: poster.userId },
      target_parent: { type: 'activity', id: activityId },
      detail: XSS,
    });
  });

  it('hide: the comment leaves the item, every reporter hears the outcome, the decision is audited', async () => {
    const q = await t.call('GET', '/mdr/api/v1/ops/reports?status=open', { token: ops.token });
    const item = q.data.list.find((x: any) => x.kind === 'comment' && x.target_id === commentId);
    const hide = await t.call('POST', `/mdr/api/v1/ops/reports/${item.id}/hide`, {
      token: ops.token,
      body: { reason: '廣告' },
    });
    expect(hide.code).toBe(0);
    expect(hide.data).toMatchObject({ status: 'upheld', outcome: 'hide', target_hidden: true });
    const comments = await t.call('GET', `/mdr/api/v1/activities/${activityId}/comments`);
    expect(comments.data.list.some((c: any) => c.id === commentId)).toBe(false);
    for (const who of [reporter, other]) {
      const sys = await t.call('GET', '/mdr/api/v1/user/lottery/operation-record/messages', {
        token: who.token,
      });
      expect(sys.data.list[0]).toMatchObject({ kind: 'report_hide', category: 'system', read: false });
      expect((await t.call('GET', '/mdr/api/v1/messages/unread', { token: who.token })).data.system).toBe(1);
    }
    const open = await t.call('GET', '/mdr/api/v1/ops/reports?status=open', { token: ops.token });
    expect(open.data.list.some((x: any) => x.target_id === commentId && x.kind === 'comment')).toBe(false);
    const audit = await t.call('GET', `/mdr/api/v1/ops/audit?kind=report&target_id=${item.id}`, {
      token: ops.token,
    });
    expect(audit.data.list[0]).toMatchObject({
      action: 'report.hide',
      reason: '廣告',
      operator_id: ops.userId,
    });
    // restore corrects it
    const restore = await t.call('POST', `/mdr/api/v1/ops/reports/${item.id}/restore`, {
      token: ops.token,
      body: {},
    });
    expect(restore.data.target_hidden).toBe(false);
    const back = await t.call('GET', `/mdr/api/v1/activities/${activityId}/comments`);
    expect(back.data.list.some((c: any) => c.id === commentId)).toBe(true);
  });

  it('ban: the reported user may not comment or post for the period; the reporter is told', async () => {
    tick();
    const r = await t.call('POST', '/mdr/api/v1/reports', {
      token: reporter.token,
      body: { kind: 'user', target_id: poster.userId, reason: 'abuse' },
    });
    const ban = await t.call('POST', `/mdr/api/v1/ops/reports/${r.data.id}/ban`, {
      token: ops.token,
      body: { days: 7, reason: '多次發廣告' },
    });
    expect(ban.code).toBe(0);
    expect(ban.data.target_banned_until).not.toBeNull();
    tick();
    const c = await t.call('POST', `/mdr/api/v1/activities/${activityId}/comments`, {
      token: poster.token,
      body: { text: '再嚟' },
    });
    expect(c.code).toBe(160202);
    const p = await t.call('POST', '/mdr/api/v1/activities', { token: poster.token, body: { text: '再嚟' } });
    expect(p.code).toBe(160202);
    const sys = await t.call('GET', '/mdr/api/v1/user/lottery/operation-record/messages', {
      token: poster.token,
    });
    expect(sys.data.list[0]).toMatchObject({ kind: 'posting_banned', params: { days: 7 } });
    // after the period the user posts again
    tick(8 * 86_400_000);
    const later = await t.call('POST', `/mdr/api/v1/activities/${activityId}/comments`, {
      token: poster.token,
      body: { text: '返嚟喇' },
    });
    expect(later.code).toBe(0);
  });

  it('rate limit: at most 10 reports an hour (160201)', async () => {
    tick(3600_000);
    const u = await t.loginByPhone('61260009');
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const r = await t.call('POST', '/mdr/api/v1/reports', {
        token: u.token,
        body: { kind: 'video', target_id: 1000 + i, reason: 'other' },
      });
      last = r.code;
    }
    expect(last).toBe(160201);
  });
});
