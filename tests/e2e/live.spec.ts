/**
 * Live streams at phone size against the real server: a creator pushes an RTMP stream made by ffmpeg
 * from a test source into a new room (the demo broadcaster is off in tests); a viewer's <video> plays
 * (currentTime advances by >= 2 s within 15 s), the muted notice is gone 2 s after playback started,
 * switching to line 2 keeps playing; two viewers: one sends the same gift three times quickly, both
 * see the combo ×3, and the sender's coins fall by exactly three prices; ending the stream shows the
 * live end page with its numbers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, apiPasswordLogin, freshPhone, shot, topicSubscribed, useSession } from './helpers';

const require = createRequire(import.meta.url);
const ffmpeg: string = require('@ffmpeg-installer/ffmpeg').path;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function push(url: string): ChildProcess {
  return spawn(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=15',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-profile:v',
      'baseline',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '15',
      '-b:v',
      '400k',
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      '-t',
      '120',
      '-f',
      'flv',
      url,
    ],
    { stdio: 'ignore' },
  );
}

const currentTime = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLVideoElement>('[data-testid="live-video"] video')?.currentTime ?? 0,
  );

test('a creator streams over RTMP; viewers watch, switch lines, send a gift combo; the end page counts', async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  // seeded creator (README): +852 60000003
  const creator = await apiLogin(request, '60000003');
  const created = await (
    await request.post('/mdr/api/v1/live/rooms', {
      headers: bearer(creator.token),
      data: { title: '測試推流：賽前熱身', category: 'football' },
    })
  ).json();
  expect(created.code).toBe(0);
  const room = created.data;
  expect(room.rtmp_url).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  // the fan with 500 coins (README's demo account), and a second viewer
  const fan = await apiPasswordLogin(request, { area_code: '852', phone: '91234567' }, 'Demo1234');
  await useSession(page, fan.token);
  const other = await apiLogin(request, freshPhone());
  const ctxB = await browser.newContext();
  const pageB = await ctxB.newPage();
  await useSession(pageB, other.token);
  const pusher = push(`${room.rtmp_url}/${room.stream_key}`);
  try {
    await expect
      .poll(
        async () =>
          (
            await (
              await request.get(`/mdr/api/v1/live/rooms/${room.id}`, { headers: bearer(creator.token) })
            ).json()
          ).data?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('live');

    await page.goto(`/#/live/personal/detail?id=${room.id}`);
    const video = page.getByTestId('live-video');
    await expect(video).toBeVisible();
    await expect(page.getByTestId('live-muted-notice')).toBeVisible();
    // plays: currentTime advances by >= 2 s within 15 s
    let first = -1;
    await expect
      .poll(
        async () => {
          const t = await currentTime(page);
          if (first < 0 && t > 0) first = t;
          return first >= 0 ? t - first : 0;
        },
        { timeout: 15_000, intervals: [250] },
      )
      .toBeGreaterThanOrEqual(2);
    // the muted notice hides 2 s after playback started (it has played >= 2 s by now)
    await expect(page.getByTestId('live-muted-notice')).toBeHidden({ timeout: 1_000 });
    await expect(page.getByTestId('live-latency')).toBeVisible();
    await shot(page, info, 'live-room-playing');

    // line 2: the same <video> keeps playing
    await page.getByTestId('live-line-button').click();
    await page.getByTestId('live-line-2').click();
    await expect(page.locator('[data-testid="live-video"] video')).toHaveAttribute('data-line', '2');
    const before = await currentTime(page);
    await expect
      .poll(async () => (await currentTime(page)) - before, { timeout: 12_000 })
      .toBeGreaterThanOrEqual(1);

    const subscribedB = topicSubscribed(pageB, `live:${room.id}`);
    await pageB.goto(`/#/live/personal/detail?id=${room.id}`);
    await expect(pageB.getByTestId('live-gift-ball')).toBeVisible();
    await subscribedB;

    const coins = async () =>
      (await (await request.get('/mdr/api/v1/user/wallets', { headers: bearer(fan.token) })).json()).data
        .coins as number;
    const coinsBefore = await coins();
    const third = page.waitForResponse(
      (r) => r.url().includes(`/live/rooms/${room.id}/gifts`) && r.request().method() === 'POST',
    );
    const gift = page.getByTestId('live-gift-ball');
    await gift.click();
    await gift.click();
    await gift.click();
    await third;
    await expect(page.getByTestId('live-combo').filter({ hasText: '×3' })).toBeVisible({ timeout: 3_000 });
    await expect(pageB.getByTestId('live-combo').filter({ hasText: '×3' })).toBeVisible({ timeout: 3_000 });
    await shot(pageB, info, 'live-combo-viewer-b');
    await expect.poll(coins).toBe(coinsBefore - 3 * 5);
    await ctxB.close();

    // the creator ends the stream: the end page shows its numbers
    const ended = await (
      await request.post(`/mdr/api/v1/live/rooms/${room.id}/end`, { headers: bearer(creator.token) })
    ).json();
    expect(ended.data).toMatchObject({ status: 'ended', gifts: 3, coins: 15 });
    await page.goto(`/#/home/live/end?id=${room.id}`);
    await expect(page.getByText('直播已經結束')).toBeVisible();
    await expect(page.getByText('15 雲幣')).toBeVisible();
    await shot(page, info, 'live-end');
  } finally {
    pusher.kill('SIGKILL');
  }
});
