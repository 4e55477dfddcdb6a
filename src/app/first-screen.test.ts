import { describe, expect, it } from 'vitest';
import routesJson from '../../screens/routes.json';
import type { RouteTable } from '../engine/config-types.gen';
import { screenOfAddress, takeWarmScreen, warmFirstScreen } from './first-screen';

const routes = routesJson as unknown as RouteTable;

describe('the opening screen', () => {
  it('is the screen the address opens, a redirect followed', () => {
    expect(screenOfAddress(routes, '')).toBe('match/home');
    expect(screenOfAddress(routes, '#/')).toBe('match/home');
    expect(screenOfAddress(routes, '#/login?popup=1')).toBe('auth/login');
    expect(screenOfAddress(routes, '#/no/such/page')).toBeUndefined();
  });

  it('is loaded before the first render and handed over once, to that screen only', async () => {
    window.history.replaceState(null, '', '#/login');
    await warmFirstScreen(routes, Promise.resolve());
    expect(takeWarmScreen('match/home')).toBeNull();
    const bundle = takeWarmScreen('auth/login');
    expect(bundle?.screen.id).toBe('auth/login');
    // its form nodes are already expanded into the form's fields
    expect(Object.keys(bundle?.forms ?? {})).toContain('auth-login');
    expect(takeWarmScreen('auth/login')).toBeNull();
  });
});
