import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServices, loadHongKongTexts, renderScreenFile } from './screen-harness';

beforeAll(loadHongKongTexts);
afterEach(() => {
  cleanup();
  Toast.clear();
});

const stored = {
  id: 7,
  user_external: 'GF1007',
  nickname: '阿傑',
  desc: '曼聯死忠',
  gender: 1,
  province: '香港',
  city: '灣仔區',
  avatar: '',
  cover_url: '',
};

function signedIn() {
  const services = createFakeServices();
  services.setSession({ isLogin: true });
  services.answer('GET /mdr/api/v1/users', () => stored);
  return services;
}

describe('profile edit (/user/personal/edit)', () => {
  it('starts from the stored profile and saves the edited fields', async () => {
    const services = signedIn();
    services.answer('PUT /mdr/api/v1/users', (req) => ({ ...stored, ...(req.body as object) }));
    renderScreenFile('user/personal-edit', { path: '/user/personal/edit', services });
    const nickname = (await screen.findByDisplayValue('阿傑')) as HTMLInputElement;
    // the profile's data reaches the screen in a transition render, just after the form's defaults
    expect(await screen.findByText('香港 灣仔區')).toBeTruthy();
    fireEvent.change(nickname, { target: { value: '傑仔' } });
    fireEvent.click(screen.getByRole('radio', { name: '保密' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(services.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = services.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ nickname: '傑仔', desc: '曼聯死忠', gender: 0 });
    await waitFor(() => expect(document.body.textContent).toContain('已保存'));
    expect(services.navigations.at(-1)?.to).toBe('back');
  });

  it('refuses a nickname over 20 characters without calling the server', async () => {
    const services = signedIn();
    renderScreenFile('user/personal-edit', { path: '/user/personal/edit', services });
    const nickname = (await screen.findByDisplayValue('阿傑')) as HTMLInputElement;
    // the input caps typing at 20; a pasted or restored longer value is still caught by the schema
    expect(nickname.maxLength).toBe(20);
    fireEvent.change(nickname, { target: { value: '一二三四五六七八九十一二三四五六七八九十超' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(services.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('city picker (/user/personal/edit/city)', () => {
  it('saves a hot city, or drills into a province and saves province + city', async () => {
    const services = signedIn();
    services.answer('GET /mdr/api/v1/hot-regions', () => [
      { code: 'HK', name: '香港' },
      { code: '440100', name: '廣州' },
    ]);
    services.answer('GET /mdr/api/v1/regions', (req) =>
      req.params?.parent === '440000'
        ? [{ code: '440300', name: '深圳市', has_children: false }]
        : [
            { code: '440000', name: '廣東省', has_children: true },
            { code: 'MO', name: '澳門', has_children: false },
          ],
    );
    services.answer('PUT /mdr/api/v1/users', (req) => ({ ...stored, ...(req.body as object) }));
    renderScreenFile('user/personal-edit-city', { path: '/user/personal/edit/city', services });

    fireEvent.click(await screen.findByRole('button', { name: '廣州' }));
    await waitFor(() => expect(services.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(services.calls.find((c) => c.method === 'PUT')?.body).toEqual({ province: '', city: '廣州' });

    fireEvent.click(await screen.findByText('廣東省'));
    fireEvent.click(await screen.findByText('深圳市'));
    await waitFor(() => expect(services.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(services.calls.filter((c) => c.method === 'PUT')[1].body).toEqual({
      province: '廣東省',
      city: '深圳市',
    });
  });
});
