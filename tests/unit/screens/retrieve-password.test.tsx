import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServices, loadHongKongTexts, renderScreenFile } from './screen-harness';

beforeAll(loadHongKongTexts);
afterEach(() => {
  cleanup();
  Toast.clear();
});

const input = (placeholder: string) => screen.getAllByPlaceholderText(placeholder)[0] as HTMLInputElement;
const type = (placeholder: string, value: string) =>
  fireEvent.change(input(placeholder), { target: { value } });

describe('retrieve password (/login/retrieve-password)', () => {
  it('enables complete only when phone, code and new password are filled, then returns to password login', async () => {
    const services = createFakeServices();
    services.answer('GET /prs/api/v1/user/default-phone-code', () => ({ phone_code: '852' }));
    services.answer('PUT /mdr/api/v1/user/password', () => null);
    renderScreenFile('auth/retrieve-password', { path: '/login/retrieve-password', services });
    const complete = () => screen.getByRole('button', { name: '完成' }) as HTMLButtonElement;
    expect(complete().disabled).toBe(true);
    type('請輸入手機號碼', '91234567');
    type('請輸入驗證碼', '654321');
    expect(complete().disabled).toBe(true);
    type('請輸入新密碼', 'NewPass99');
    await waitFor(() => expect(complete().disabled).toBe(false));
    fireEvent.click(complete());
    await waitFor(() => expect(services.navigations.at(-1)?.to).toBe('/login'));
    const put = services.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      area_code: '852',
      phone: '91234567',
      code: '654321',
      new_password: 'enc(NewPass99)',
    });
    expect(services.navigations.at(-1)?.query?.mode).toBe('password');
    await waitFor(() => expect(document.body.textContent).toContain('密碼已重設，請使用新密碼登入'));
  });

  it('asks for the image captcha before sending a reset code (no agreement needed)', async () => {
    const services = createFakeServices();
    services.answer('GET /prs/api/v1/user/default-phone-code', () => ({ phone_code: '852' }));
    services.answer('POST /prs/api/v1/user/captcha/sms', () => ({ image: 'data:image/svg+xml;base64,AAAA' }));
    services.answer('POST /prs/api/v1/user/phone-code', () => ({ expire_in: 300, resend_in: 60 }));
    renderScreenFile('auth/retrieve-password', { path: '/login/retrieve-password', services });
    type('請輸入手機號碼', '91234567');
    fireEvent.click(screen.getAllByRole('button', { name: '獲取驗證碼' })[0]);
    await screen.findByAltText('圖形驗證碼，點擊更換');
    type('圖形驗證碼', 'k3y9');
    fireEvent.click(screen.getByRole('button', { name: '確定' }));
    await waitFor(() =>
      expect(services.calls.some((c) => c.path === '/prs/api/v1/user/phone-code')).toBe(true),
    );
    expect(services.calls.find((c) => c.path === '/prs/api/v1/user/phone-code')?.body).toMatchObject({
      scene: 'reset',
    });
  });
});
