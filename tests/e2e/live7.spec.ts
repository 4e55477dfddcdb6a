/**
 * The MSE path of the live player (issue 14): the widget's own fMP4 player, forced with the test
 * switch `player=mse` in the room link (Debian's Chromium would otherwise play natively). A creator
 * pushes an RTMP stream made by ffmpeg from a test source; the viewer's <video> plays from a
 * MediaSource (currentTime advances by >= 2 s within 15 s) and hls.js never loads; switching to the
 * 240p line keeps the same MediaSource and keeps playing; a segment request that stalls is given up
 * and playback goes on, on the same MediaSource (no reconnect).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, freshPhone, shot, useSession } from './helpers';

const require = createRequire(import.meta.url);
const ffmpeg: string = require('@ffmpeg-installer/ffmpeg').path;
// the app's service worker would fetch the segments itself, out of page.route's sight (the stall below)
test.use({ serviceWorkers: 'block' });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function push(url: string): ChildProcess {
  return spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=15'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline'],
      ...['-pix_fmt', 'yuv420p', '-g', '15', '-b:v', '400k', '-c:a', 'aac', '-b:a', '48k'],
      ...['-t', '150', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
}

const media = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="live-video"] video');
    return { t: v?.currentTime ?? 0, src: v?.src ?? '', h: v?.videoHeight ?? 0, player: v?.dataset.player };
  });

/** waits until the video has played `seconds` more from now */
async function playsOn(page: Page, seconds: number, timeout: number) {
  let first = -1;
  await expect
    .poll(
      async () => {
        const { t } = await media(page);
        if (first < 0 && t > 0) first = t;
        return first >= 0 ? t - first : 0;
      },
      { timeout, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(seconds);
}

test('the MSE player: plays our fMP4 lines, switches line on the same MediaSource, rides out a stalled segment', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  // live.spec and live2 sign this creator in before: its SMS code cool-down (60 s) may still run
  const creator = await apiLogin(request, '60000003').catch(async () => {
    await new Promise((r) => setTimeout(r, 61_000));
    return apiLogin(request, '60000003');
  });
  const created = await (
    await request.post('/mdr/api/v1/live/rooms', {
      headers: bearer(creator.token),
      data: { title: 'MSE 播放器測試', category: 'talk' },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(0);
  const room = created.data as { id: number; rtmp_url: string; stream_key: string };
  const viewer = await apiLogin(request, freshPhone());
  await useSession(page, viewer.token);
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
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
        { timeout: 30_000 },
      )
      .toBe('live');

    await page.goto(`/#/live/personal/detail?id=${room.id}&player=mse`);
    const video = page.locator('[data-testid="live-video"] video');
    await expect(video).toHaveAttribute('data-player', 'mse');
    // plays: currentTime advances by >= 2 s within 15 s, from a MediaSource
    await playsOn(page, 2, 15_000);
    const { src } = await media(page);
    expect(src).toMatch(/^blob:/);
    await expect(page.getByTestId('live-latency')).toBeVisible();
    expect(scripts.filter((u) => u.includes('hls.light'))).toEqual([]);
    expect(scripts.some((u) => u.includes('mse-player'))).toBe(true);
    await shot(page, info, 'live7-mse-playing');

    // line 3 (240p, its own encode): the same MediaSource takes the new init segment and plays on
    await page.getByTestId('live-line-button').click();
    await page.getByTestId('live-line-3').click();
    await expect(video).toHaveAttribute('data-line', '3');
    await expect.poll(async () => (await media(page)).h, { timeout: 12_000 }).toBe(240);
    await playsOn(page, 2, 12_000);
    expect((await media(page)).src).toBe(src);

    // a segment request that never answers: given up after its deadline, playback goes on (same
    // MediaSource: the player recovered by itself, the widget did not reconnect)
    let stalled = '';
    await page.route('**/live-hls/**/*.m4s', async (route) => {
      if (stalled) return route.continue();
      stalled = route.request().url();
      await new Promise((r) => setTimeout(r, 12_000));
      await route.abort().catch(() => {});
    });
    await expect.poll(() => stalled, { timeout: 10_000 }).not.toBe('');
    await playsOn(page, 4, 20_000);
    expect((await media(page)).src).toBe(src);
    await shot(page, info, 'live7-mse-after-stall');
  } finally {
    pusher.kill('SIGKILL');
    await request.post(`/mdr/api/v1/live/rooms/${room.id}/end`, { headers: bearer(creator.token) });
  }
});
