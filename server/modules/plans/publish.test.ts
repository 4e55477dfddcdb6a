import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { overridePlanRules } from './rules';
import { CONTENT_OK, makeExpert, makeMatches, setOdds, setStatus } from './test-support';

let t: TestApp;
let expert: { token: string; userId: number };
let m: number[];
let n = 0;
const key = () => `pub-${Date.now()}-${++n}`;

function body(over: Record<string, unknown> = {}) {
  return {
    lottery: 'jczq',
    play_type: 'spf',
    matches: [{ match_id: m[0], picks: ['3'] }],
    title: '今晚焦點',
    content: CONTENT_OK,
    price: 18,
    refund_if_not_red: true,
    idempotency_key: key(),
    ...over,
  };
}

const publish = (b: unknown, token = expert.token) =>
  t.call('POST', '/mdr/api/v1/user/expert-plans', { token, body: b });

beforeAll(async () => {
  t = await createTestApp();
  expert = await t.loginByPhone('61110001');
  await makeExpert(t.db, expert.userId);
  m = await makeMatches(t.db, 20);
  await setOdds(t.db, m[0], 'jczq', { home: 2.2, draw: 3.2, away: 2.9 });
  await setOdds(t.db, m[1], 'jczq', { home: 1.5, draw: 3.8, away: 5.5 });
});
afterAll(async () => {
  overridePlanRules(null);
  await t?.close();
});

describe('publishing a plan: who may', () => {
  it('visitors get 110000, non-experts 130114, banned experts 110023, no real name 110011', async () => {
    expect((await publish(body(), await t.token())).code).toBe(110000);
    const plain = await t.loginByPhone('61110002');
    expect((await publish(body(), plain.token)).code).toBe(130114);
    const banned = await t.loginByPhone('61110003');
    await makeExpert(t.db, banned.userId, { banned: true });
    expect((await publish(body(), banned.token)).code).toBe(110023);
    const noId = await t.loginByPhone('61110004');
    await makeExpert(t.db, noId.userId, { realName: false });
    expect((await publish(body(), noId.token)).code).toBe(110011);
  });

  it('an approved expert publishes; the same idempotency key returns the same plan', async () => {
    const b = body();
    const first = await publish(b);
    expect(first.code).toBe(0);
    const again = await publish(b);
    expect(again.code).toBe(0);
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.duplicate).toBe(true);
    const detail = await t.call('GET', `/mdr/api/v1/user/expert-plans/${first.data.id}`, {
      token: expert.token,
    });
    expect(detail.data.content).toBe(CONTENT_OK);
    expect(detail.data.matches[0].odds).toEqual({ '3': 2.2 });
  });
});

describe('every spec §5 rule is refused with its own code', () => {
  const cases: [string, () => Record<string, unknown>, number][] = [
    ['content under 50 characters', () => body({ content: '太短了'.repeat(5) }), 130101],
    ['no match', () => body({ matches: [] }), 130102],
    ['a match without a pick', () => body({ matches: [{ match_id: m[0], picks: [] }] }), 130103],
    ['a price that is not a tier', () => body({ price: 19 }), 130104],
    ['no title', () => body({ title: '   ' }), 130105],
    [
      'more than 3 half/full-time choices',
      () => body({ play_type: 'bqc', matches: [{ match_id: m[0], picks: ['3-3', '1-1', '0-0', '3-1'] }] }),
      130106,
    ],
    [
      'double pick with an odd under 2.10',
      () => body({ matches: [{ match_id: m[1], picks: ['3', '1'] }] }),
      130107,
    ],
    [
      'combination of 9 matches',
      () => body({ matches: m.slice(0, 9).map((id) => ({ match_id: id, picks: ['3'] })) }),
      130108,
    ],
    ['combination of 1 match', () => body({ mode: 'combo' }), 130108],
    [
      '14-match plan with 13 picks',
      () =>
        body({
          lottery: 'ctzc',
          play_type: 'sfc14',
          matches: m.slice(0, 13).map((id) => ({ match_id: id, picks: ['3'] })),
        }),
      130109,
    ],
    [
      'pick-nine with 8 matches',
      () =>
        body({
          lottery: 'ctzc',
          play_type: 'rx9',
          matches: m.slice(0, 8).map((id) => ({ match_id: id, picks: ['1'] })),
        }),
      130110,
    ],
    ['stake over 10000 HKD', () => body({ stake: 10001 }), 130111],
    [
      'combination stake over 2000 HKD',
      () => body({ stake: 2001, matches: m.slice(2, 4).map((id) => ({ match_id: id, picks: ['3'] })) }),
      130111,
    ],
    ['a play type of another lottery', () => body({ play_type: 'sf' }), 130116],
    [
      'an option the play does not offer',
      () => body({ matches: [{ match_id: m[0], picks: ['4'] }] }),
      130115,
    ],
  ];
  for (const [name, make, code] of cases) {
    it(`${name} → ${code}`, async () => {
      const r = await publish(make());
      expect(r.code).toBe(code);
      expect(r.msg).not.toBe('');
      expect(r.status).toBeLessThan(500);
    });
  }

  it('messages are distinct per rule', async () => {
    const msgs = new Set<string>();
    for (const [, make] of cases) msgs.add((await publish(make())).msg);
    expect(msgs.size).toBeGreaterThanOrEqual(12);
  });

  it('the edges pass: a double pick with both odds ≥ 2.10, 8-match combo, 14 and 9 matches, stake 10000', async () => {
    expect((await publish(body({ matches: [{ match_id: m[0], picks: ['3', '0'] }] }))).code).toBe(0);
    expect(
      (await publish(body({ matches: m.slice(0, 8).map((id) => ({ match_id: id, picks: ['3'] })) }))).code,
    ).toBe(0);
    overridePlanRules({ dailyPublishQuota: 100 });
    const ctzc = (play: string, k: number) =>
      body({
        lottery: 'ctzc',
        play_type: play,
        matches: m.slice(0, k).map((id) => ({ match_id: id, picks: ['3', '1'] })),
      });
    expect((await publish(ctzc('sfc14', 14))).code).toBe(0);
    expect((await publish(ctzc('rx9', 9))).code).toBe(0);
    expect((await publish(body({ stake: 10000 }))).code).toBe(0);
    overridePlanRules(null);
  });

  it('a started match is refused (130112)', async () => {
    await setStatus(t.db, m[19], 2);
    expect((await publish(body({ matches: [{ match_id: m[19], picks: ['3'] }] }))).code).toBe(130112);
  });

  it('the daily quota is enforced and shown as remaining on the publish home', async () => {
    overridePlanRules({ dailyPublishQuota: 3 });
    const other = await t.loginByPhone('61110009');
    await makeExpert(t.db, other.userId);
    const home0 = await t.call('GET', '/mdr/api/v1/user/expert-plan/home', { token: other.token });
    expect(home0.data).toMatchObject({ remaining_today: 3, can_publish: true, expert_status: 1 });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => publish(body(), other.token)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code === 130113)).toHaveLength(2);
    const home = await t.call('GET', '/mdr/api/v1/user/expert-plan/home', { token: other.token });
    expect(home.data.remaining_today).toBe(0);
    overridePlanRules(null);
  });

  it('the limits come from screens/rules.json (a changed limit changes the check)', async () => {
    overridePlanRules({ contentMin: 200 });
    const refused = await publish(body());
    expect(refused.code).toBe(130101);
    // the message names the minimum in force
    expect(refused.msg).toBe('方案內容最少需要200個字');
    overridePlanRules(null);
  });
});
