/**
 * Match chat at phone size: two signed-in fans in one match room (two browser contexts). A's message
 * reaches B within a second over the websocket; own messages sit on the right; a visitor who tries to
 * send gets the login popup.
 */
import { expect, test } from '@playwright/test';
import { apiLogin, devMatch, freshPhone, shot, useSession } from './helpers';

test('two fans chat in a match room live; a visitor is asked to log in', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(90_000);
  const matchId = (await devMatch(request, 120)).id;
  const url = `/#/chat/room?room=match-${matchId}`;
  const a = await apiLogin(request, freshPhone());
  const b = await apiLogin(request, `5${freshPhone().slice(1)}`);
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await useSession(pageA, a.token);
  await useSession(pageB, b.token);
  // B's socket must be subscribed before A sends: wait for the server's "subscribed" frame
  const subscribedB = new Promise<void>((ok) =>
    pageB.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"subscribed"') && String(f.payload).includes(`chat:match-${matchId}`))
          ok();
      }),
    ),
  );
  await Promise.all([pageA.goto(url), pageB.goto(url)]);
  await expect(pageA.locator('.gf-chat')).toBeVisible();
  await expect(pageB.locator('.gf-chat')).toBeVisible();
  await subscribedB;

  const text = `入波啦 <b>${Date.now()}</b>`;
  const input = pageA.getByRole('textbox');
  await input.fill(text);
  await expect(pageA.getByText(`${[...text].length}/200`)).toBeVisible();
  const sentAt = Date.now();
  await input.press('Enter');
  // B sees it within a second of sending, as text (no <b> element)
  const onB = pageB.locator('.gf-chat__bubble', { hasText: text });
  await expect(onB).toBeVisible({ timeout: 1000 });
  const latency = Date.now() - sentAt;
  expect(latency).toBeLessThan(1000);
  expect(await onB.locator('b').count()).toBe(0);
  // A's own message is on the right, B sees it on the left with A's name
  await expect(pageA.locator('.gf-chat__row--mine', { hasText: text })).toBeVisible();
  await expect(pageB.locator('.gf-chat__row--mine', { hasText: text })).toHaveCount(0);
  // B answers; A gets it too
  await pageB.getByRole('textbox').fill('好波！');
  await pageB.getByRole('button', { name: /發送/ }).click();
  await expect(pageA.locator('.gf-chat__bubble', { hasText: '好波！' })).toBeVisible({ timeout: 1000 });
  // sending again at once hits the rate limit, shown in the widget
  await pageB.getByRole('textbox').fill('再嚟');
  await pageB.getByRole('button', { name: /發送/ }).click();
  await expect(pageB.getByRole('alert')).toContainText('秒後再試');
  await shot(pageA, info, 'chat-a');
  await shot(pageB, info, 'chat-b');
  info.annotations.push({ type: 'chat latency ms', description: String(latency) });

  // a visitor reads the room, and sending opens the login popup
  const ctxV = await browser.newContext();
  const visitor = await ctxV.newPage();
  await visitor.goto(url);
  await expect(visitor.locator('.gf-chat__bubble', { hasText: text })).toBeVisible();
  await visitor.getByRole('textbox').fill('hello');
  await visitor.getByRole('button', { name: /發送/ }).click();
  await expect(visitor.locator('.gf-login-popup .adm-popup-body')).toBeVisible();
  await expect(
    visitor.locator('.gf-login-popup').getByRole('button', { name: '登入', exact: true }),
  ).toBeVisible();
  await shot(visitor, info, 'chat-visitor-login');
  await Promise.all([ctxA.close(), ctxB.close(), ctxV.close()]);
});

test('the composer stays on screen and the title stays put when the keyboard opens', async ({
  page,
  request,
}, info) => {
  const matchId = (await devMatch(request, 150)).id;
  const user = await apiLogin(request, `7${freshPhone().slice(1)}`);
  await useSession(page, user.token);
  await page.goto(`/#/chat/room?room=match-${matchId}`);
  const composer = page.locator('.gf-chat__input');
  await expect(composer).toBeVisible();
  const inView = async () => {
    const r = await composer.boundingBox();
    const vh = await page.evaluate(() => window.visualViewport?.height ?? window.innerHeight);
    return r !== null && r.y >= 0 && r.y + r.height <= vh + 1;
  };
  await expect.poll(inView).toBe(true);

  // the on-screen keyboard: the visual viewport shrinks to 812 - 336 px
  await page.getByRole('textbox').focus();
  await page.setViewportSize({ width: 375, height: 476 });
  await expect.poll(inView).toBe(true);
  await expect(page.locator('.gf-page__title')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('textbox').fill('開波未？');
  const send = page.getByRole('button', { name: /發送/ });
  await expect(send).toBeEnabled();
  await shot(page, info, 'chat-keyboard');
  // the disabled send button is the brand colour faded, not another blue
  await page.getByRole('textbox').fill('');
  const bg = await send.evaluate((e) => getComputedStyle(e).backgroundColor);
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim(),
  );
  expect(primary).toBe('#087a4e');
  expect(bg).toBe('rgb(8, 122, 78)');
});
