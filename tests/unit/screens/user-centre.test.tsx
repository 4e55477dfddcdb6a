import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServices, loadHongKongTexts, renderScreenFile } from './screen-harness';

beforeAll(loadHongKongTexts);
afterEach(() => {
  cleanup();
  Toast.clear();
});

const userInfo = {
  id: 7,
  user_external: 'GF1007',
  nickname: '阿傑',
  desc: '曼聯死忠',
  gender: 1,
  province: '香港',
  city: '灣仔區',
  avatar: '',
  cover_url: '',
  created_at: '2025-03-01T08:00:00Z',
};

describe('user centre (/me)', () => {
  it('offers log in / register to a visitor and opens the login popup', async () => {
    const services = createFakeServices();
    renderScreenFile('user/me', { path: '/me', services });
    fireEvent.click(await screen.findByRole('button', { name: '登入 / 註冊' }));
    expect(services.navigations.at(-1)?.to).toBe('login');
    expect(services.calls.some((c) => c.path === '/mdr/api/v1/user-center')).toBe(false);
    // the wallet needs an account: a visitor is asked to log in instead of navigating
    fireEvent.click(screen.getByText('我的錢包'));
    await waitFor(() => expect(services.navigations.filter((n) => n.to === 'login')).toHaveLength(2));
  });

  it('shows the signed-in user with stats and links to the profile editor', async () => {
    const services = createFakeServices();
    services.setSession({ isLogin: true });
    services.answer('GET /mdr/api/v1/user-center', () => ({
      user: userInfo,
      stats: { following: 12, followers: 34567, likes: 8, coins: 100 },
    }));
    services.answer('GET /mdr/api/v1/messages/unread', () => ({
      follow: 2,
      praise: 0,
      comment: 1,
      system: 0,
      total: 3,
    }));
    renderScreenFile('user/me', { path: '/me', services });
    expect(await screen.findByText('阿傑')).toBeTruthy();
    // the internal user_external id is not shown (the spec has no public user number)
    expect(screen.queryByText(/GF1007/)).toBeNull();
    expect(screen.getByText('曼聯死忠')).toBeTruthy();
    expect(screen.getByText('3.5萬')).toBeTruthy();
    expect(screen.queryByText('登入 / 註冊')).toBeNull();
    // the message centre entry carries the unread count
    expect(screen.getByText('訊息中心')).toBeTruthy();
    expect(await screen.findByText('3')).toBeTruthy();
    fireEvent.click(screen.getByText('編輯資料'));
    expect(services.navigations.at(-1)?.to).toBe('/user/personal/edit');
  });
});

describe('language (/me/langage)', () => {
  it('marks the current language and switches on tap', async () => {
    const services = createFakeServices();
    renderScreenFile('me/langage', { path: '/me/langage', services });
    expect(await screen.findByText('繁體(香港)')).toBeTruthy();
    expect(screen.getByLabelText('目前語言')).toBeTruthy();
    fireEvent.click(screen.getByText('简体'));
    await waitFor(() => expect(services.session.get().lang).toBe('zhcn'));
  });
});

describe('settings (/me/setting)', () => {
  it('logs out only after confirming', async () => {
    const services = createFakeServices();
    services.setSession({ isLogin: true });
    renderScreenFile('me/setting', { path: '/me/setting', services });
    fireEvent.click(await screen.findByRole('button', { name: '登出' }));
    expect(await screen.findByText('確定要登出嗎？')).toBeTruthy();
    expect(services.session.get().isLogin).toBe(true);
    const buttons = screen.getAllByRole('button', { name: '登出' });
    fireEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(services.session.get().isLogin).toBe(false));
  });
});
