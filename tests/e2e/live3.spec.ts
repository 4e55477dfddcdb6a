/**
 * Live rooms, the third slice, at phone size against the real server (the demo broadcaster is off in
 * tests; the lucky bag is about the page around the video):
 * - the creator (+852 60000002, a seeded creator with a demo room) drops a lucky bag from the room page
 *   (10 coins, 2 shares, random, 1 minute), paid from their income;
 * - a fresh viewer already in the room sees the bag arrive (pushed), joins once, and after the draw sees
 *   what they won; their coins rose by exactly that, the creator's income fell by 10 minus the refund.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiLogin, apiPasswordLogin, freshPhone, shot, topicSubscribed, useSession } from './helpers';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function wallets(request: APIRequestContext, token: string) {
  const body = await (await request.get('/mdr/api/v1/user/wallets', { headers: bearer(token) })).json();
  return body.data as { coins: number; income: number };
}

test('a creator drops a lucky bag; a viewer sees it pushed, joins once and gets the coins won', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const creator = await apiLogin(request, '60000002');
  // the creator's open room: their demo room (one open room each), or a new one
  const made = await (
    await request.post('/mdr/api/v1/live/rooms', {
      headers: bearer(creator.token),
      data: { title: '福袋之夜：球迷問答', category: 'talk' },
    })
  ).json();
  const roomId = (made.code === 170104 ? made.data.room_id : made.data.id) as number;
  expect(roomId, JSON.stringify(made)).toBeGreaterThan(0);

  // the bag is paid from income: a gift from the demo fan gives the creator some if they have too little
  if ((await wallets(request, creator.token)).income < 10) {
    const fan = await apiPasswordLogin(request, { area_code: '852', phone: '91234567' }, 'Demo1234');
    const sent = await (
      await request.post(`/mdr/api/v1/live/rooms/${roomId}/gifts`, {
        headers: bearer(fan.token),
        data: { gift_id: 'scarf', tap_id: `e2e-bag-${Date.now()}` },
      })
    ).json();
    expect(sent.code, JSON.stringify(sent)).toBe(0);
  }
  const creatorBefore = await wallets(request, creator.token);

  // the viewer is in the room (subscribed to its topic) before the bag is dropped
  const viewer = await apiLogin(request, freshPhone());
  const viewerBefore = await wallets(request, viewer.token);
  const ctxB = await browser.newContext();
  const pageB = await ctxB.newPage();
  await useSession(pageB, viewer.token);
  const subscribedB = topicSubscribed(pageB, `live:${roomId}`);
  await pageB.goto(`/#/live/personal/detail?id=${roomId}`);
  await expect(pageB.getByTestId('live-gift-ball')).toBeVisible();
  await subscribedB;

  // the creator drops the bag from the room page
  await useSession(page, creator.token);
  await page.goto(`/#/live/personal/detail?id=${roomId}`);
  await page.getByTestId('lucky-bag-new').click();
  await page.getByTestId('lucky-bag-total').fill('10');
  await page.getByTestId('lucky-bag-shares').fill('2');
  await page.getByTestId('lucky-bag-seconds-60').click();
  await shot(page, info, 'live3-bag-form');
  await page.getByTestId('lucky-bag-submit').click();
  await expect(page.getByTestId('lucky-bag-summary')).toHaveText('10 雲幣 · 2 份 · 隨機分');
  expect((await wallets(request, creator.token)).income).toBe(creatorBefore.income - 10);

  // pushed to the viewer, who joins once
  await expect(pageB.getByTestId('lucky-bag-summary')).toHaveText('10 雲幣 · 2 份 · 隨機分', {
    timeout: 3000,
  });
  await expect(pageB.getByTestId('lucky-bag-countdown')).toContainText('後開獎');
  await pageB.getByTestId('lucky-bag-join').click();
  await expect(pageB.getByTestId('lucky-bag-join')).toHaveText('已參加');
  await expect(pageB.getByTestId('lucky-bag-join')).toBeDisabled();
  await expect(page.getByTestId('lucky-bag-countdown')).toContainText('1 人參加', { timeout: 5000 });
  await shot(pageB, info, 'live3-bag-joined');

  // the draw after the countdown: one entrant, two shares -> the viewer wins one share, the rest goes back
  const result = pageB.getByTestId('lucky-bag-result');
  await expect(result).toContainText('恭喜！你抽中', { timeout: 75_000 });
  const won = Number((await result.textContent())?.match(/抽中 (\d+) 雲幣/)?.[1]);
  expect(won).toBeGreaterThanOrEqual(1);
  expect(won).toBeLessThanOrEqual(9);
  await shot(pageB, info, 'live3-bag-won');
  expect((await wallets(request, viewer.token)).coins).toBe(viewerBefore.coins + won);
  expect((await wallets(request, creator.token)).income).toBe(creatorBefore.income - won);
  await expect(page.getByTestId('lucky-bag-winners')).toContainText(`${won} 雲幣`);
  await ctxB.close();
  if (made.code === 0)
    await request.post(`/mdr/api/v1/live/rooms/${roomId}/end`, { headers: bearer(creator.token) });
});
