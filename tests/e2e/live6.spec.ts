/**
 * Live rooms, the sixth slice, at phone size against the real server (the demo broadcaster is off in
 * tests). A viewer banned by the creator while watching sees the chat stop with the reason and can no
 * longer type, and the app does not ask for the room's chat again. A creator who already has an open
 * room sees that room (key, go to it, end it) on the live-creation page instead of the creation form;
 * ending it there leads to the end page, where a 1-coin gift shows its 60 % share (0.60 coin), the whole
 * coins credited and the rounding rule.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiLogin,
  current,
  freshPhone,
  operatorToken,
  shot,
  topicSubscribed,
  useSession,
  verifiedFan,
} from './helpers';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** a new creator (real name approved, granted by an operator) with an open room made through the API */
async function creatorWithRoom(request: APIRequestContext, page: Page, title: string) {
  const creator = await verifiedFan(request, page);
  const granted = await (
    await request.post('/mdr/api/v1/ops/live/creators', {
      headers: bearer(await operatorToken(request)),
      data: { user_id: creator.id },
    })
  ).json();
  expect(granted.code, JSON.stringify(granted)).toBe(0);
  const room = await (
    await request.post('/mdr/api/v1/live/rooms', {
      headers: bearer(creator.token),
      data: { title, category: 'talk' },
    })
  ).json();
  expect(room.code, JSON.stringify(room)).toBe(0);
  return { creator, room: room.data as { id: number; stream_key: string } };
}

test('a viewer banned while watching sees the chat stop, cannot type, and the app stops asking', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const { creator, room } = await creatorWithRoom(request, page, '賽後傾偈（封鎖測試）');
  const viewer = await apiLogin(request, freshPhone());
  const topic = `chat:live-${room.id}`;
  const subs: number[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      const text = String(f.payload);
      if (text.includes('"sub"') && text.includes(topic)) subs.push(Date.now());
    }),
  );
  await useSession(page, viewer.token);
  const subscribed = topicSubscribed(page, topic);
  await page.goto(`/#/live/personal/detail?id=${room.id}`);
  await subscribed;
  const chat = current(page).locator('.gf-chat');
  await expect(chat.getByRole('textbox')).toBeEnabled();

  const ban = await (
    await request.post(`/mdr/api/v1/live/rooms/${room.id}/sanctions`, {
      headers: bearer(creator.token),
      data: { user_id: viewer.id, kind: 'ban' },
    })
  ).json();
  expect(ban.code, JSON.stringify(ban)).toBe(0);
  const closed = chat.getByTestId('chat-closed');
  await expect(closed).toContainText('你已被禁止進入呢個直播間');
  await expect(closed).toContainText('你已經被請出呢個聊天室，唔會再收到新訊息');
  await expect(chat.getByRole('textbox')).toBeDisabled();
  await expect(chat.getByRole('textbox')).toHaveAttribute('placeholder', '你暫時唔可以喺度發言');
  await expect(chat.getByRole('button', { name: '發送' })).toBeDisabled();
  await shot(page, info, 'live6-chat-banned');
  // the one subscription of the visit, and no knocking again afterwards
  const asked = subs.length;
  await page.waitForTimeout(3000);
  expect(subs.length).toBe(asked);
  expect(asked).toBe(1);
});

test('a creator with an open room sees it instead of the form; ending it shows the share and the rule', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const title = '開咗未收嘅直播間';
  const { creator, room } = await creatorWithRoom(request, page, title);
  // the demo account starts with coins: one 1-coin gift (60 % of it is 0.6 of a coin)
  const fan = await apiLogin(request, '91234567');
  const gift = await (
    await request.post(`/mdr/api/v1/live/rooms/${room.id}/gifts`, {
      headers: bearer(fan.token),
      data: { gift_id: 'whistle', tap_id: `live6-e2e-${Date.now()}` },
    })
  ).json();
  expect(gift.code, JSON.stringify(gift)).toBe(0);

  await useSession(page, creator.token);
  await page.goto('/#/user/wallet/livecreation');
  const screen = current(page);
  await expect(screen.getByText('你有一個直播間未結束')).toBeVisible();
  await expect(screen.getByText(title, { exact: true })).toBeVisible();
  await expect(screen.getByText(`串流金鑰：${room.stream_key}`)).toBeVisible();
  await expect(screen.getByRole('button', { name: '建立直播間' })).toHaveCount(0);
  await expect(screen.getByText('未滿 1 雲幣嘅零頭：0.60 雲幣', { exact: false })).toBeVisible();
  await shot(page, info, 'live6-open-room');

  await screen.getByRole('button', { name: '去直播間' }).click();
  await expect(page).toHaveURL(new RegExp(`#/live/personal/detail\\?id=${room.id}(&|$)`));
  await page.goBack();
  await current(page).getByRole('button', { name: '結束直播' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: '結束直播' }).click();
  await expect(page).toHaveURL(new RegExp(`#/home/live/end\\?id=${room.id}(&|$)`));
  const end = current(page);
  await expect(end.getByText('主播分成（60%）')).toBeVisible();
  await expect(end.getByText('0.60 雲幣')).toBeVisible();
  await expect(end.locator('.adm-list-item', { hasText: '主播收入' })).toContainText('0 雲幣');
  await expect(end.getByText('唔夠 1 雲幣嘅零頭唔會蝕咗', { exact: false })).toBeVisible();
  await shot(page, info, 'live6-end-share');
});
