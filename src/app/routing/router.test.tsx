/**
 * The app's use of react-router-dom (the assertions the hand-written hash router had): hash entries
 * pushed and replaced with a history index for the back button (navigation.ts reads it), a typed hash
 * arriving as a POP, memory history going back, and route path matching.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import {
  HashRouter,
  MemoryRouter,
  type NavigateFunction,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { HashCatchUp, pathOfHash } from './hash-catch-up';
import { matchRoutePath } from './route-table';

let navigate: NavigateFunction;
let seen = '';

function Probe() {
  const l = useLocation();
  navigate = useNavigate();
  seen = `${useNavigationType()} ${l.pathname}${l.search} ${l.key === 'default' ? 'default' : 'keyed'}`;
  return null;
}

afterEach(cleanup);

describe('route path matching', () => {
  it('matches static and :param segments like react-router did', () => {
    expect(matchRoutePath('/me/setting', '/me/setting')).toEqual({});
    expect(matchRoutePath('/me/setting', '/Me/Setting/')).toEqual({});
    expect(matchRoutePath('/news/:id', '/news/a%20b')).toEqual({ id: 'a b' });
    expect(matchRoutePath('/me/setting', '/me')).toBeNull();
    expect(matchRoutePath('/me', '/me/setting')).toBeNull();
    expect(matchRoutePath('/', '/')).toEqual({});
  });
});

describe('hash router', () => {
  it('pushes and replaces URL hash entries, numbering them for the back button', async () => {
    window.history.replaceState(null, '', '#/match');
    render(
      <HashRouter useTransitions={false}>
        <Probe />
      </HashRouter>,
    );
    expect(seen).toBe('POP /match default');
    act(() => {
      void navigate('/me?tab=2');
    });
    expect(window.location.hash).toBe('#/me?tab=2');
    expect(seen).toBe('PUSH /me?tab=2 keyed');
    expect((window.history.state as { idx: number }).idx).toBe(1);
    act(() => {
      void navigate('/me/setting', { replace: true });
    });
    expect(seen).toBe('REPLACE /me/setting keyed');
    expect((window.history.state as { idx: number }).idx).toBe(1);
    act(() => {
      window.location.hash = '#/experts';
    });
    await waitFor(() => expect(seen).toBe('POP /experts default'));
  });
});

describe('memory router', () => {
  it('goes back to the previous entry as a POP', () => {
    render(
      <MemoryRouter initialEntries={['/match']} useTransitions={false}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => {
      void navigate('/me');
    });
    expect(seen).toBe('PUSH /me keyed');
    act(() => {
      void navigate(-1);
    });
    expect(seen).toBe('POP /match default');
    act(() => {
      void navigate(-1);
    });
    expect(seen).toBe('POP /match default');
  });
});

describe('an address changed while the router starts', () => {
  it('is caught up once the router has subscribed', async () => {
    window.history.replaceState(null, '', '#/match');
    let moved = false;
    // the address changes after the router read it and before it listens (no event reaches it)
    function MoveDuringRender() {
      if (!moved) {
        moved = true;
        window.history.replaceState(null, '', '#/me?tab=fans');
      }
      return null;
    }
    render(
      <HashRouter>
        <MoveDuringRender />
        <Probe />
        <HashCatchUp />
      </HashRouter>,
    );
    await waitFor(() => expect(seen).toMatch(/ \/me\?tab=fans /));
  });

  it('reads a hash as createHashHistory does', () => {
    expect(pathOfHash('')).toBe('/');
    expect(pathOfHash('#/me?tab=a')).toBe('/me?tab=a');
    expect(pathOfHash('#me')).toBe('/me');
  });
});
