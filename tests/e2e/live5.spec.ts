/**
 * Live rooms, the fifth slice, at phone size against the real server (the demo broadcaster is off in
 * tests): covers chosen before the room exists. A new creator (real name approved, granted by an
 * operator) opens the creation form on their live-creation page; the three generated covers preview
 * from the title typed and then from the match picked; the chosen one is the new room's cover, and the
 * room page's chooser marks the cover in use (and moves the mark when another is picked).
 */
import { expect, type Locator, test } from '@playwright/test';
import { current, devMatch, operatorToken, shot, useSession, verifiedFan } from './helpers';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const centreX = async (l: Locator) => {
  const box = await l.boundingBox();
  expect(box).toBeTruthy();
  return (box?.x ?? 0) + (box?.width ?? 0) / 2;
};

test('a creator picks a generated cover on the creation form; the room page marks the cover in use', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const fan = await verifiedFan(request, page);
  const granted = await (
    await request.post('/mdr/api/v1/ops/live/creators', {
      headers: bearer(await operatorToken(request)),
      data: { user_id: fan.id },
    })
  ).json();
  expect(granted.code, JSON.stringify(granted)).toBe(0);
  // a match of our own two hours ahead: the picker lists the week's matches whatever the hour
  await devMatch(request, 120);
  const options = (
    await (await request.get('/mdr/api/v1/live/match-options', { headers: bearer(fan.token) })).json()
  ).data.list as { value: number; label: string }[];
  expect(options.length).toBeGreaterThan(0);

  await useSession(page, fan.token);
  await page.goto('/#/user/wallet/livecreation');
  const form = current(page);
  const title = '週末英超焦點 & 四強之爭';
  await form.getByPlaceholder('例如：今晚焦點戰賽前傾').fill(title);
  await expect(form.getByText('揀封面（由你揀嘅賽事兩隊顏色或者標題即時生成）')).toBeVisible();
  const previews = form.locator('.gf-field-radio__img');
  await expect(previews).toHaveCount(3);
  // previews follow the title (percent-encoded: "&" stays in the title) and are real pictures
  await expect(previews.nth(0)).toHaveAttribute(
    'src',
    `/live-covers/preview/pitch.svg?title=${encodeURIComponent(title)}`,
  );
  await previews.nth(2).scrollIntoViewIfNeeded();
  for (let i = 0; i < 3; i++)
    await expect
      .poll(() => previews.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  const titleCover = await (await request.get(String(await previews.nth(1).getAttribute('src')))).text();
  expect(titleCover).toContain('週末英超焦點');

  // a match picked (the picker's first): the previews are drawn from its clubs and kick-off
  await form.getByText('揀一場一星期內嘅賽事').click();
  await page.locator('.adm-picker-header-button:visible').getByText('確定').click();
  await expect(previews.nth(1)).toHaveAttribute('src', /split\.svg\?title=.*&match_id=\d+$/);
  const src = String(await previews.nth(1).getAttribute('src'));
  const picked = options.find((o) => src.endsWith(`&match_id=${o.value}`));
  expect(picked, src).toBeTruthy();
  const matchCover = await (await request.get(src)).text();
  expect(matchCover).not.toBe(titleCover);
  expect(matchCover).toContain(String(picked?.label.split(' · ')[1]));

  // pitch is chosen by default; pick the split cover
  await expect(previews.nth(0)).toHaveClass(/gf-field-radio__img--on/);
  await form.getByText('撞色封面').click();
  await expect(previews.nth(1)).toHaveClass(/gf-field-radio__img--on/);
  await expect(previews.nth(0)).not.toHaveClass(/gf-field-radio__img--on/);
  await shot(page, info, 'live5-create-covers');
  await form.getByRole('button', { name: '建立直播間' }).click();
  await expect(page).toHaveURL(/#\/live\/personal\/detail\?id=\d+/);
  const roomId = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));
  const room = async () =>
    (await (await request.get(`/mdr/api/v1/live/rooms/${roomId}`, { headers: bearer(fan.token) })).json())
      .data;
  expect((await room()).cover).toBe(`/live-covers/${roomId}-split.svg`);

  // the room page's chooser: "in use" under the split cover, then under stripes once picked
  const roomPage = current(page);
  const inUse = roomPage.getByText('使用中', { exact: true });
  const split = roomPage.getByRole('img', { name: '撞色封面' });
  await split.scrollIntoViewIfNeeded();
  await expect(inUse).toHaveCount(1);
  expect(Math.abs((await centreX(inUse)) - (await centreX(split)))).toBeLessThan(10);
  await shot(page, info, 'live5-room-cover-in-use');
  const stripes = roomPage.getByRole('img', { name: '頸巾間條封面' });
  await stripes.click();
  await expect(page.getByText('已經換咗封面')).toBeVisible();
  await expect.poll(async () => (await room()).cover).toBe(`/live-covers/${roomId}-stripes.svg`);
  await expect.poll(async () => Math.abs((await centreX(inUse)) - (await centreX(stripes)))).toBeLessThan(10);

  const ended = await (
    await request.post(`/mdr/api/v1/live/rooms/${roomId}/end`, { headers: bearer(fan.token) })
  ).json();
  expect(ended.code).toBe(0);
});
