import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServices, loadHongKongTexts, renderScreenFile } from './screen-harness';

beforeAll(loadHongKongTexts);
afterEach(cleanup);

/** a promise the test settles when it wants the "network" to answer */
function gate<T>() {
  let open!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    open = r;
  });
  return { promise, open };
}

describe('experts tab (/experts)', () => {
  it('holds the banner and hot-expert space while they load, so the plan feed below never jumps', async () => {
    const services = createFakeServices();
    const ads = gate<unknown>();
    const hot = gate<unknown>();
    services.answer('GET /mdr/api/v1/expert-ads', () => ads.promise);
    services.answer('GET /mdr/api/v1/user/experts', () => hot.promise);
    services.answer('GET /mdr/api/v1/user/expert-plans', () => ({ list: [], total: 0 }));
    const { container } = renderScreenFile('experts/home', { path: '/experts', services });

    // loading: two placeholders of the final heights (banner 112 px, five expert rows 373 px)
    await waitFor(() => expect(screen.getAllByRole('status').length).toBeGreaterThanOrEqual(2));
    const heights = screen.getAllByRole('status').map((el) => (el as HTMLElement).style.height);
    expect(heights).toEqual(expect.arrayContaining(['112px', '373px']));
    expect(container.querySelector('.gf-carousel')).toBeNull();

    ads.open({ list: [{ title: 'experts.ads.rank', image: '/banners/rank.svg', link: '/specialist/rank' }] });
    hot.open({
      list: [{ id: 1, nickname: '冷門獵人', predicted_count: 10, predicted_hits: 6, hit_rate: 60 }],
    });
    // loaded: the real banner and list take the place, the placeholders are gone
    await waitFor(() => expect(container.querySelector('.gf-carousel')).not.toBeNull());
    await screen.findByText('冷門獵人');
    expect(screen.queryAllByRole('status').filter((el) => (el as HTMLElement).style.height)).toHaveLength(0);
  });
});
