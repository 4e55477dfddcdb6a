/**
 * Live rooms, the fourth slice, at phone size against the real server (the demo broadcaster is off in
 * tests):
 * - chat moderation: the room's owner (+852 60000002, a seeded creator) taps a viewer's name in the room
 *   chat and mutes them for 10 minutes; the viewer, already in the room, sees the notice with the end
 *   time at once (pushed) and cannot send; the owner's list shows the muted viewer and revokes;
 * - creators: an operator grants the live-creator right to a real-name-verified fan from the console
 *   (#/ops/live/creators), bans them with a reason, and the fan's live-creation page says so.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiLogin,
  current,
  freshPhone,
  operatorPage,
  operatorToken,
  shot,
  topicSubscribed,
  useSession,
  verifiedFan,
} from './helpers';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function ownerRoom(request: APIRequestContext, token: string): Promise<number> {
  const made = await (
    await request.post('/mdr/api/v1/live/rooms', {
      headers: bearer(token),
      data: { title: '賽後即場傾：邊個係全場最佳', category: 'talk' },
    })
  ).json();
  const roomId = (made.code === 170104 ? made.data.room_id : made.data.id) as number;
  expect(roomId, JSON.stringify(made)).toBeGreaterThan(0);
  return roomId;
}

test('the owner mutes a viewer from the chat; the viewer sees the notice at once and cannot send', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const owner = await apiLogin(request, '60000002');
  const roomId = await ownerRoom(request, owner.token);

  // the viewer is in the room and says something
  const viewer = await apiLogin(request, freshPhone());
  const ctxB = await browser.newContext();
  const pageB = await ctxB.newPage();
  await useSession(pageB, viewer.token);
  const subscribedB = topicSubscribed(pageB, `chat:live-${roomId}`);
  await pageB.goto(`/#/live/personal/detail?id=${roomId}`);
  await subscribedB;
  const chatB = current(pageB).locator('.gf-chat');
  const line = `球證今日好唔掂 ${Date.now() % 10000}`;
  await chatB.getByRole('textbox').fill(line);
  await chatB.getByRole('button', { name: '發送' }).click();
  await expect(chatB.getByText(line)).toBeVisible();

  // the owner taps the viewer's name: mute for 10 minutes
  await useSession(page, owner.token);
  await page.goto(`/#/live/personal/detail?id=${roomId}`);
  // the owner picks a generated cover (drawn from the room's title: no linked match)
  const stripes = current(page).getByRole('img', { name: '頸巾間條封面' });
  await stripes.scrollIntoViewIfNeeded();
  await shot(page, info, 'live4-owner-covers');
  await stripes.click();
  await expect(page.getByText('已經換咗封面')).toBeVisible();
  const room = await (
    await request.get(`/mdr/api/v1/live/rooms/${roomId}`, { headers: bearer(owner.token) })
  ).json();
  expect(room.data.cover).toBe(`/live-covers/${roomId}-stripes.svg`);
  const chatA = current(page).locator('.gf-chat');
  const row = chatA.locator('.gf-chat__row').filter({ hasText: line });
  await row.locator('.gf-chat__name--mod').click();
  await shot(page, info, 'live4-mod-sheet');
  await page.getByText('禁言 10 分鐘').click();
  await expect(page.getByText('已處理')).toBeVisible();

  // pushed: the viewer sees the notice with its end time, and sending is refused with the same notice
  const notice = chatB.locator('.gf-chat__notice');
  await expect(notice).toContainText('你喺呢個直播間已被禁言', { timeout: 3000 });
  await expect(notice).toContainText(/至 .*\d{2}:\d{2} 解除/);
  await chatB.getByRole('textbox').fill('點解禁我言');
  await chatB.getByRole('button', { name: '發送' }).click();
  await expect(notice).toContainText('你喺呢個直播間已被禁言');
  await expect(chatB.getByText('點解禁我言', { exact: true })).toHaveCount(0);
  await shot(pageB, info, 'live4-muted-viewer');
  const refused = await (
    await request.post(`/mdr/api/v1/chat/rooms/live-${roomId}/messages`, {
      headers: bearer(viewer.token),
      data: { text: 'api 都唔得' },
    })
  ).json();
  expect(refused.code).toBe(170401);

  // the owner's list shows the muted viewer; revoking lifts the notice (pushed)
  await chatA.getByRole('button', { name: '禁言／封鎖名單' }).click();
  const listed = chatA.locator('.gf-chat__sanction');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('禁言');
  await shot(page, info, 'live4-mod-list');
  await listed.getByRole('button', { name: '解除禁言／封鎖' }).click();
  await expect(chatA.getByText('未有被禁言或者封鎖嘅觀眾')).toBeVisible();
  await expect(notice).toHaveCount(0, { timeout: 3000 });
  await ctxB.close();
});

test('an operator grants the creator right in the console and bans with a reason; the fan sees it', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const fan = await verifiedFan(request, page);
  await useSession(page, fan.token);
  await page.goto('/#/user/wallet/livecreation');
  await expect(current(page).getByText('你仲未係主播')).toBeVisible();

  const op = await operatorPage(browser, await operatorToken(request));
  await op.goto('/#/ops/live');
  await current(op).getByRole('button', { name: '主播管理' }).click();
  await expect(op).toHaveURL(/#\/ops\/live\/creators/);
  await current(op).getByPlaceholder('例如 1024').fill(String(fan.id));
  await current(op).getByRole('button', { name: '開通', exact: true }).click();
  await expect(op.getByText('已開通主播資格')).toBeVisible();
  const card = current(op)
    .locator('.adm-list, div')
    .filter({ hasText: `ID ${fan.id} ·` })
    .last();
  await expect(card).toContainText('可以開播');
  await shot(op, info, 'live4-console-creators');

  // the fan is a creator now
  await page.reload();
  await expect(current(page).getByText('你仲未係主播')).toHaveCount(0);

  // banned for 3 days with a reason the fan reads
  await current(op).getByLabel('停權日數').fill('3');
  await current(op).getByPlaceholder('例如：直播內容違反直播行為規範').fill('直播期間多次發佈賭波連結');
  await card.getByRole('button', { name: '停權' }).click();
  await op.getByRole('button', { name: '停權' }).last().click();
  await expect(op.getByText('已停權')).toBeVisible();
  await expect(card).toContainText('原因：直播期間多次發佈賭波連結');
  await page.reload();
  await expect(current(page).getByText(/你嘅主播資格停用至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)).toBeVisible();
  await expect(current(page).getByText('原因：直播期間多次發佈賭波連結')).toBeVisible();
  await shot(page, info, 'live4-creator-banned');
  await op.context().close();
});
