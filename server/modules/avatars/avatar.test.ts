import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness';
import { avatarSvg, avatarUrl } from './avatar';

describe('generated avatars', () => {
  let app: TestApp;
  withTestApp((a) => {
    app = a;
  });
  const t = () => app;

  it('are deterministic per user and differ between users', () => {
    expect(avatarSvg('u_0001')).toBe(avatarSvg('u_0001'));
    expect(avatarSvg('u_0001')).not.toBe(avatarSvg('u_0002'));
    expect(avatarUrl({ userExternal: 'u_0001', avatar: '' })).toBe('/mdr/api/v1/avatars/u_0001.svg');
    expect(avatarUrl({ userExternal: 'u_0001', avatar: '/uploads/a.jpg' })).toBe('/uploads/a.jpg');
  });

  it('are served as SVG without a session, and a bad seed is refused', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/mdr/api/v1/avatars/u_0001.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toBe(avatarSvg('u_0001'));
    const bad = await t().app.inject({ method: 'GET', url: '/mdr/api/v1/avatars/..%2Fx.svg' });
    // refused by the params schema: the API's error envelope, not an image
    expect(bad.headers['content-type']).not.toContain('svg');
    expect(bad.json().code).not.toBe(0);
  });

  it('every expert without an upload shows a generated one', async () => {
    const r = await t().call('GET', '/mdr/api/v1/user/experts?type=all&page=1&size=20', {
      token: await t().token(),
    });
    expect(r.data.list.length).toBeGreaterThan(0);
    for (const e of r.data.list) expect(e.avatar).toMatch(/^\/mdr\/api\/v1\/avatars\/u_[0-9a-f]+\.svg$/);
  });
});
