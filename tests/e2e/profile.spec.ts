import { expect, test } from '@playwright/test';
import { apiLogin, current, freshPhone, makeImage, shot, useSession } from './helpers';

test('a user edits the profile: avatar (jpg only), nickname, bio, gender, city', async ({
  page,
  request,
}, info) => {
  const { token } = await apiLogin(request, freshPhone());
  await useSession(page, token);
  await page.goto('/#/user/personal/edit');
  await expect(page.getByRole('heading', { name: '編輯資料' })).toBeVisible();

  // images must be jpg/jpeg
  const uploader = page.locator('input[type=file]').first();
  await uploader.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await makeImage(page, 'image/png'),
  });
  await expect(page.getByText('僅支持jpg/jpeg格式圖片').first()).toBeVisible();
  await uploader.setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeImage(page, 'image/jpeg'),
  });
  await expect(page.locator('.adm-image-uploader-cell img, .adm-image-uploader img').first()).toBeVisible();

  const nickname = page.getByPlaceholder('請輸入暱稱（最多20字）');
  await nickname.fill('');
  await nickname.pressSequentially('一二三四五六七八九十一二三四五六七八九十超出');
  await expect(nickname).toHaveValue('一二三四五六七八九十一二三四五六七八九十');
  await nickname.fill('射手阿傑');
  await page.getByPlaceholder('介紹一下自己（最多200字）').fill('<img src=x onerror=alert(1)> 傑志死忠');
  await page.getByText('女', { exact: true }).click();
  await shot(page, info, 'profile-edit');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  // the city picker with hot cities
  await page.goto('/#/user/personal/edit/city');
  await expect(page.getByText('熱門城市')).toBeVisible();
  await page.getByText('香港', { exact: true }).first().click();
  // choosing saves and returns to the edit page, which shows the new region
  await expect(page).toHaveURL(/#\/user\/personal\/edit(\?|$)/);
  await expect(current(page).getByText('香港', { exact: true })).toBeVisible();

  await page.goto('/#/me');
  await expect(page.getByText('射手阿傑')).toBeVisible();
  // user text is inert: the bio shows as text, no image element was injected
  await expect(current(page).getByText('<img src=x onerror=alert(1)> 傑志死忠')).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await shot(page, info, 'user-centre-edited');

  const me = await (
    await request.get('/mdr/api/v1/users', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(me.data).toMatchObject({ nickname: '射手阿傑', gender: 2, city: '香港' });
  expect(me.data.avatar).toMatch(/^\/uploads\//);
});

test('switching language changes the whole UI at once', async ({ page }, info) => {
  await page.goto('/#/me/langage');
  await page.getByText('简体', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.goto('/#/me');
  await expect(current(page).getByText('语言', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('比赛', { exact: true })).toBeVisible();
  await shot(page, info, 'me-zhcn');
  await page.goto('/#/me/langage');
  await page.getByText('繁體(台灣)', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await page.getByText('繁體(香港)', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
});

test('privacy and service protocols are readable', async ({ page }, info) => {
  await page.goto('/#/me/setting');
  await page.getByText('私隱政策').click();
  await expect(page.getByText('個人資料（私隱）條例').first()).toBeVisible();
  await shot(page, info, 'privacy-protocol');
  await page.goto('/#/me/setting');
  await page.getByText('服務協議').click();
  await expect(page.locator('h2').first()).toBeVisible();
});

test('logout lands on the match tab and reloads as a visitor', async ({ page, request }) => {
  const { token } = await apiLogin(request, freshPhone());
  await useSession(page, token);
  await page.goto('/#/me/setting');
  await page.getByRole('button', { name: '登出' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: '登出' }).click();
  await expect(page).toHaveURL(/#\/match/);
  await page.waitForEvent('load');
  await page.goto('/#/me');
  await expect(page.getByText('未登入')).toBeVisible();
  const res = await request.get('/mdr/api/v1/users', { headers: { authorization: `Bearer ${token}` } });
  expect((await res.json()).code).not.toBe(0);
});
