import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServices, loadHongKongTexts, renderScreenFile } from './screen-harness';

beforeAll(loadHongKongTexts);
afterEach(() => {
  cleanup();
  Toast.clear();
  // resend countdowns persist per phone number in sessionStorage; each test starts without one
  sessionStorage.clear();
});

function loginServices() {
  const services = createFakeServices();
  services.answer('GET /prs/api/v1/user/default-phone-code', () => ({ phone_code: '852' }));
  services.answer('POST /prs/api/v1/user/captcha/sms', () => ({ image: 'data:image/svg+xml;base64,AAAA' }));
  return services;
}

const input = (placeholder: string) => screen.getAllByPlaceholderText(placeholder)[0] as HTMLInputElement;
const type = (el: HTMLInputElement, value: string) => fireEvent.change(el, { target: { value } });
const toast = (text: string) => waitFor(() => expect(document.body.textContent).toContain(text));
const sendCodeButton = () => screen.getAllByRole('button', { name: '獲取驗證碼' })[0];
const tickAgreement = () =>
  fireEvent.click(document.getElementById('f-login-agree') ?? screen.getAllByRole('checkbox')[0]);

describe('login screen (phone, code mode)', () => {
  it('shows +852 and asks for the phone number before sending a code', async () => {
    const services = loginServices();
    renderScreenFile('auth/login', { path: '/login', services });
    expect(await screen.findByRole('button', { name: '+852' })).toBeTruthy();
    fireEvent.click(sendCodeButton());
    await toast('請輸入手機號碼');
    expect(services.calls.some((c) => c.path.includes('captcha'))).toBe(false);
  });

  it('rejects a malformed phone number and an unticked agreement, each with its own message', async () => {
    const services = loginServices();
    renderScreenFile('auth/login', { path: '/login', services });
    type(input('請輸入手機號碼'), '12ab');
    fireEvent.click(sendCodeButton());
    await toast('請輸入正確的手機號碼');

    type(input('請輸入手機號碼'), '91234567');
    fireEvent.click(sendCodeButton());
    await toast('請先閱讀協議');
    expect(services.calls.some((c) => c.path.includes('captcha'))).toBe(false);
  });

  it('sends the code through the image captcha, then counts down 60 s', async () => {
    const services = loginServices();
    services.answer('POST /prs/api/v1/user/phone-code', () => ({ expire_in: 300, resend_in: 60 }));
    renderScreenFile('auth/login', { path: '/login', services });
    type(input('請輸入手機號碼'), '91234567');
    tickAgreement();
    fireEvent.click(sendCodeButton());

    const captcha = await screen.findByAltText('圖形驗證碼，點擊更換');
    expect(captcha.getAttribute('src')).toContain('data:image/svg+xml');
    const sms = services.calls.find((c) => c.path === '/prs/api/v1/user/captcha/sms');
    expect(sms?.body).toEqual({ area_code: '852', phone: '91234567' });

    type(input('圖形驗證碼'), 'ab12');
    fireEvent.click(screen.getByRole('button', { name: '確定' }));
    await waitFor(() => expect(screen.getAllByText('60秒後重新獲取').length).toBeGreaterThan(0));
    const sent = services.calls.find((c) => c.path === '/prs/api/v1/user/phone-code');
    expect(sent?.body).toEqual({ area_code: '852', phone: '91234567', img_code: 'ab12', scene: 'login' });
    await toast('驗證碼已發送');
  });

  it('clears a wrong image code and loads a fresh captcha', async () => {
    const services = loginServices();
    services.answer('POST /prs/api/v1/user/phone-code', () => {
      throw { code: 100101, msg: '圖形驗證碼錯誤' };
    });
    renderScreenFile('auth/login', { path: '/login', services });
    type(input('請輸入手機號碼'), '91234567');
    tickAgreement();
    fireEvent.click(sendCodeButton());
    await screen.findByAltText('圖形驗證碼，點擊更換');
    type(input('圖形驗證碼'), 'zzzz');
    fireEvent.click(screen.getByRole('button', { name: '確定' }));
    await waitFor(() =>
      expect(services.calls.filter((c) => c.path === '/prs/api/v1/user/captcha/sms')).toHaveLength(2),
    );
    expect(input('圖形驗證碼').value).toBe('');
    expect(screen.getByAltText('圖形驗證碼，點擊更換')).toBeTruthy();
  });

  it('keeps login disabled until filled, asks for the agreement, then signs in with type 2', async () => {
    const services = loginServices();
    services.answer('POST /prs/api/v1/user/login', () => ({ id: 7, user_external: 'u7', token: 'tok-7' }));
    renderScreenFile('auth/login', { path: '/login', services });
    const login = () => screen.getByRole('button', { name: '登入' }) as HTMLButtonElement;
    expect(login().disabled).toBe(true);

    type(input('請輸入手機號碼'), '91234567');
    type(input('請輸入驗證碼'), '123456');
    await waitFor(() => expect(login().disabled).toBe(false));
    fireEvent.click(login());
    await toast('請先閱讀並同意《服務協議》和《私隱政策》');
    expect(services.calls.some((c) => c.path === '/prs/api/v1/user/login')).toBe(false);

    tickAgreement();
    await act(async () => {
      fireEvent.click(login());
    });
    await waitFor(() => expect(services.session.get().isLogin).toBe(true));
    const call = services.calls.find((c) => c.path === '/prs/api/v1/user/login');
    expect(call?.body).toEqual({ login_type: 2, area_code: '852', phone: '91234567', sms_code: '123456' });
    expect(services.navigations.at(-1)?.to).toBe('back');
  });
});

describe('login screen (password mode)', () => {
  it('encrypts the password and logs in with type 1', async () => {
    const services = loginServices();
    services.answer('POST /prs/api/v1/user/login', () => ({ id: 7, user_external: 'u7', token: 'tok-7' }));
    renderScreenFile('auth/login', { path: '/login', query: { mode: 'password' }, services });
    type(input('請輸入手機號碼'), '91234567');
    type(input('請輸入密碼'), 'Demo1234');
    tickAgreement();
    fireEvent.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(services.session.get().isLogin).toBe(true));
    const call = services.calls.find((c) => c.path === '/prs/api/v1/user/login');
    expect(call?.body).toEqual({
      login_type: 1,
      area_code: '852',
      phone: '91234567',
      password: 'enc(Demo1234)',
    });
  });
});

describe('login screen (agreement documents)', () => {
  it('opens the service agreement in a sliding panel and closes it with the back arrow', async () => {
    const services = loginServices();
    services.answer('GET /mdr/api/v1/config/protocol-configs/service_protocol', () => ({
      service_protocol: {
        type: 'service_protocol',
        title: '用戶服務協議',
        content: '<h2>第一條</h2><p>歡迎使用球聚</p>',
      },
    }));
    renderScreenFile('auth/login', { path: '/login', services });
    fireEvent.click(screen.getByRole('button', { name: '《服務協議》' }));
    // the html widget is a lazy chunk: its first load in a cold test run takes a while
    expect(await screen.findByText('歡迎使用球聚', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('用戶服務協議')).toBeTruthy();
    // opening a document must not tick the agreement box
    expect((document.getElementById('f-login-agree') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(screen.queryByText('歡迎使用球聚')).toBeNull());
  });
});

describe('login screen (country / region picker)', () => {
  it('lists countries by letter with traditional names and sets the chosen area code', async () => {
    const services = loginServices();
    services.answer('GET /prs/api/v1/user/country-codes', () => [
      { letter: 'X', list: [{ iso: 'HK', name_zh: '中国香港', name_zh_tr: '中國香港', phone_code: '852' }] },
      { letter: 'Z', list: [{ iso: 'CN', name_zh: '中国大陆', name_zh_tr: '中國大陸', phone_code: '86' }] },
    ]);
    renderScreenFile('auth/login', { path: '/login', services });
    fireEvent.click(await screen.findByRole('button', { name: '+852' }));
    fireEvent.click(await screen.findByText('中國大陸', {}, { timeout: 5000 }));
    expect(await screen.findByRole('button', { name: '+86' })).toBeTruthy();
  });
});

describe('login screen inside the shell popup', () => {
  it('stays on the page below after signing in, and closing goes back only from /match/index', async () => {
    const services = loginServices();
    services.answer('POST /prs/api/v1/user/login', () => ({ id: 7, user_external: 'u7', token: 'tok-7' }));
    const { unmount } = renderScreenFile('auth/login', {
      path: '/login',
      query: { popup: '1', from: '/me' },
      services,
    });
    fireEvent.click(await screen.findByRole('button', { name: '關閉' }));
    expect(services.navigations).toEqual([]);

    type(input('請輸入手機號碼'), '91234567');
    type(input('請輸入驗證碼'), '123456');
    tickAgreement();
    fireEvent.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(services.session.get().isLogin).toBe(true));
    expect(services.navigations).toEqual([]);
    unmount();

    renderScreenFile('auth/login', { path: '/login', query: { popup: '1', from: '/match/index' }, services });
    fireEvent.click(await screen.findByRole('button', { name: '關閉' }));
    await waitFor(() => expect(services.navigations.at(-1)?.to).toBe('back'));
  });
});

describe('login screen (email tab)', () => {
  it('asks for the email first, then sends the email captcha and logs in with type 4', async () => {
    const services = loginServices();
    services.answer('POST /prs/api/v1/user/captcha/emails', () => ({
      image: 'data:image/svg+xml;base64,BBBB',
    }));
    services.answer('POST /prs/api/v1/user/login', () => ({ id: 8, user_external: 'u8', token: 'tok-8' }));
    renderScreenFile('auth/login', { path: '/login', services });
    fireEvent.click(screen.getByText('電郵登入'));
    const sendEmailCode = async () => {
      const buttons = await screen.findAllByRole('button', { name: '獲取驗證碼' });
      fireEvent.click(buttons[buttons.length - 1]);
    };
    await sendEmailCode();
    await toast('請輸入電郵地址');

    type(input('請輸入電郵地址'), 'fan@example.com');
    tickAgreement();
    await sendEmailCode();
    await screen.findByAltText('圖形驗證碼，點擊更換');
    expect(services.calls.find((c) => c.path.endsWith('/captcha/emails'))?.body).toEqual({
      email: 'fan@example.com',
    });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));

    // the phone pane stays mounted (hidden) after switching tabs: the email pane's code input is the last one
    const codeInputs = screen.getAllByPlaceholderText('請輸入驗證碼') as HTMLInputElement[];
    type(codeInputs[codeInputs.length - 1], '246810');
    fireEvent.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(services.session.get().isLogin).toBe(true));
    const call = services.calls.find((c) => c.path === '/prs/api/v1/user/login');
    expect(call?.body).toEqual({ login_type: 4, email: 'fan@example.com', email_code: '246810' });
  });
});
