import { describe, expect, it } from 'vitest';
import type { RouteTable } from '../../engine/config-types.gen';
import { touchPage } from './keep-alive-cache';
import { findRoute, isKeptAlive, resolveTarget, withoutTimestamp } from './route-table';
import { slideDirection } from './transition';

const table: RouteTable = {
  keepAliveMax: 3,
  keepAliveExclude: ['/me/setting', 'experts/plan-details'],
  keepAliveInclude: ['/after/apply/submit'],
  routes: [
    { path: '/', redirect: '/match' },
    { path: '/match', screen: 'match/home', name: 'Match', order: 1 },
    { path: '/me/setting', screen: 'me/setting', order: 3 },
    { path: '/experts/plan/details', screen: 'experts/plan-details', order: 4 },
    { path: '/after/apply/submit', screen: 'orders/apply-submit', keepAlive: false, order: 4 },
    { path: '/protocol/index', screen: 'protocol/index', name: 'ProtocolHome', order: 3 },
  ],
};

describe('navigation targets', () => {
  it('a named route gets a timestamp so it loads fresh', () => {
    expect(resolveTarget(table, 'ProtocolHome', { id: 'privacy_protocol', type: 'H5' }, 1700)).toBe(
      '/protocol/index?id=privacy_protocol&type=H5&t=1700',
    );
    expect(resolveTarget(table, 'Match', {}, 42)).toBe('/match?t=42');
  });

  it('a plain path keeps its own query and gets no timestamp', () => {
    expect(resolveTarget(table, '/sight/news/detail?id=3', { from: 'home' }, 1)).toBe(
      '/sight/news/detail?id=3&from=home',
    );
  });

  it('analytics URLs drop only the timestamp', () => {
    expect(withoutTimestamp('http://h/#/protocol/index?id=a&t=1700')).toBe('http://h/#/protocol/index?id=a');
    expect(withoutTimestamp('http://h/#/match?t=1')).toBe('http://h/#/match');
    expect(withoutTimestamp('/match')).toBe('/match');
  });

  it('finds the route entry of a path', () => {
    expect(findRoute(table, '/me/setting')?.entry.screen).toBe('me/setting');
    expect(findRoute(table, '/nope')).toBeNull();
  });
});

describe('keep-alive', () => {
  const entry = (p: string) => findRoute(table, p)!.entry;
  it('honours the exclusion list (by path or screen id) and the include list', () => {
    expect(isKeptAlive(table, entry('/match'))).toBe(true);
    expect(isKeptAlive(table, entry('/me/setting'))).toBe(false);
    expect(isKeptAlive(table, entry('/experts/plan/details'))).toBe(false);
    expect(isKeptAlive(table, entry('/after/apply/submit'))).toBe(true);
  });

  it('keeps at most keepAliveMax pages, dropping the least recently used', () => {
    let list = touchPage([], { pathname: '/a', search: '', keepAlive: true }, 3);
    list = touchPage(list, { pathname: '/b', search: '', keepAlive: true }, 3);
    list = touchPage(list, { pathname: '/c', search: '', keepAlive: true }, 3);
    list = touchPage(list, { pathname: '/a', search: '', keepAlive: true }, 3);
    list = touchPage(list, { pathname: '/d', search: '', keepAlive: true }, 3);
    expect(list.map((p) => p.pathname)).toEqual(['/c', '/a', '/d']);
  });

  it('an excluded page is rendered while current and dropped when leaving it', () => {
    let list = touchPage([], { pathname: '/match', search: '', keepAlive: true }, 10);
    list = touchPage(list, { pathname: '/me/setting', search: '', keepAlive: false }, 10);
    expect(list.map((p) => p.pathname)).toEqual(['/match', '/me/setting']);
    list = touchPage(list, { pathname: '/match', search: '', keepAlive: true }, 10);
    expect(list.map((p) => p.pathname)).toEqual(['/match']);
  });

  it('the same page with a new query replaces the old instance', () => {
    let list = touchPage([], { pathname: '/p', search: '?id=1', keepAlive: true }, 10);
    list = touchPage(list, { pathname: '/p', search: '?id=2', keepAlive: true }, 10);
    expect(list).toEqual([{ pathname: '/p', search: '?id=2', keepAlive: true }]);
  });
});

describe('slide direction', () => {
  it('deeper routes slide forward, shallower back', () => {
    expect(slideDirection(1, 3, 'PUSH')).toBe('forward');
    expect(slideDirection(3, 1, 'POP')).toBe('back');
    expect(slideDirection(3, 1, 'PUSH')).toBe('back');
  });
  it('same depth follows history; tab switches and the first page do not slide', () => {
    expect(slideDirection(3, 3, 'PUSH')).toBe('forward');
    expect(slideDirection(3, 3, 'POP')).toBe('back');
    expect(slideDirection(1, 1, 'PUSH')).toBe('none');
    expect(slideDirection(undefined, 1, 'PUSH')).toBe('none');
  });
});
