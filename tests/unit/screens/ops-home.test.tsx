import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServices, loadHongKongTexts, renderScreenFile } from './screen-harness';

beforeAll(loadHongKongTexts);
afterEach(cleanup);

const summary = {
  realname_pending: 2,
  applications_pending: 1,
  experts_approved: 5,
  experts_banned: 0,
  withdrawals_processing: 3,
};

function consoleAs(ops_roles: string[]) {
  const services = createFakeServices();
  services.setSession({
    isLogin: true,
    userInfo: { nickname: '阿敏', role: 'operator', ops_roles } as never,
  });
  services.answer('GET /mdr/api/v1/ops/summary', () => summary);
  renderScreenFile('ops/home', { path: '/ops', services });
}

describe('operator console home (/ops)', () => {
  it('shows a translator the audit trail but no review queue and no role management', async () => {
    consoleAs(['translator']);
    expect(await screen.findByText('操作紀錄')).toBeTruthy();
    expect(screen.queryByText('實名審核')).toBeNull();
    expect(screen.queryByText('提現處理')).toBeNull();
    expect(screen.queryByText('營運人員')).toBeNull();
  });

  it('shows a reviewer the queues; an admin also the operators page', async () => {
    consoleAs(['reviewer']);
    expect(await screen.findByText('實名審核')).toBeTruthy();
    expect(screen.getByText('提現處理')).toBeTruthy();
    expect(screen.queryByText('營運人員')).toBeNull();
    cleanup();
    consoleAs(['reviewer', 'editor', 'translator', 'admin']);
    expect(await screen.findByText('營運人員')).toBeTruthy();
  });
});
