import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServices, loadHongKongTexts, renderScreenFile } from './screen-harness';

beforeAll(loadHongKongTexts);
// The save shows a toast in antd-mobile's own React root, which cleanup() does not unmount: left
// alone, its timer renders after jsdom is gone ("window is not defined", failing the whole run).
afterEach(() => {
  cleanup();
  Toast.clear();
});

describe('operators page (/ops/operators)', () => {
  it('lists operators with their roles in words and saves a changed set of roles', async () => {
    const services = createFakeServices();
    services.setSession({ isLogin: true });
    const operators = [
      { id: 3, user_external: 'GF1003', nickname: '營運小編', avatar: '', roles: ['admin'] },
      { id: 9, user_external: 'GF1009', nickname: '阿敏', avatar: '', roles: ['translator'] },
    ];
    services.answer('GET /mdr/api/v1/ops/operators', () => ({ list: operators }));
    const puts: unknown[] = [];
    services.answer('PUT /mdr/api/v1/ops/operators/9/roles', (req) => {
      puts.push(req.body);
      return { ...operators[1], roles: (req.body as { roles: string[] }).roles };
    });
    renderScreenFile('ops/operators', { path: '/ops/operators', services });

    expect(await screen.findByText('阿敏 · GF1009')).toBeTruthy();
    expect(screen.getByText('翻譯')).toBeTruthy();
    expect(screen.getByText('管理員')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByText('阿敏 · GF1009'));
    });
    expect(await screen.findByText('阿敏 的角色')).toBeTruthy();
    const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(box(/^翻譯/).checked).toBe(true));
    expect(box(/^審核/).checked).toBe(false);
    await act(async () => {
      fireEvent.click(box(/^審核/));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存' }));
    });
    await waitFor(() => expect(puts).toEqual([{ roles: ['reviewer', 'translator'] }]));
    // the operator is told, and the sheet closes
    await waitFor(() => expect(document.body.textContent).toContain('已處理'));
    await waitFor(() => expect(screen.queryByText('阿敏 的角色')).toBeNull());
  });
});
