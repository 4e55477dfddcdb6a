import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../engine/config-types.gen';
import { roleAllows } from './role-guard';

const ops: RouteEntry = { path: '/ops', screen: 'ops/home', requireRole: 'operator' };
const plain: RouteEntry = { path: '/me', screen: 'user/me' };
const wallet: RouteEntry = { path: '/user/other/wallet', screen: 'wallet/coin-wallet', requireLogin: true };

describe('roleAllows', () => {
  it('lets anyone through routes without a role', () => {
    expect(roleAllows(plain, { isLogin: false, userInfo: null })).toBe(true);
    expect(roleAllows(undefined, { isLogin: false, userInfo: null })).toBe(true);
  });

  it('needs a signed-in session whose profile has the role', () => {
    expect(roleAllows(ops, { isLogin: false, userInfo: { role: 'operator' } })).toBe(false);
    expect(roleAllows(ops, { isLogin: true, userInfo: null })).toBe(false);
    expect(roleAllows(ops, { isLogin: true, userInfo: { role: 'user' } })).toBe(false);
    // a stored profile from before roles existed has none: not an operator until the server says so
    expect(roleAllows(ops, { isLogin: true, userInfo: { nickname: 'x' } })).toBe(false);
    expect(roleAllows(ops, { isLogin: true, userInfo: { role: 'operator' } })).toBe(true);
  });

  it('keeps visitors out of requireLogin routes and lets any signed-in user in', () => {
    expect(roleAllows(wallet, { isLogin: false, userInfo: null })).toBe(false);
    expect(roleAllows(wallet, { isLogin: true, userInfo: null })).toBe(true);
    expect(roleAllows(wallet, { isLogin: true, userInfo: { role: 'user' } })).toBe(true);
  });
});
