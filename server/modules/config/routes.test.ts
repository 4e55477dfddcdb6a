import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { PROTOCOL_TYPES } from './protocol-types';
import { saveProtocol } from './protocols-service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('country codes', () => {
  it('answers without a token, grouped by ascending letter with Hong Kong +852 present', async () => {
    const r = await t.call('GET', '/prs/api/v1/user/country-codes');
    expect(r.code).toBe(0);
    expect(r.data.length).toBeGreaterThan(10);
    const letters = r.data.map((g: { letter: string }) => g.letter);
    expect(letters).toEqual([...letters].sort());
    const all = r.data.flatMap((g: { list: unknown[] }) => g.list);
    expect(all).toContainEqual(
      expect.objectContaining({ iso: 'HK', phone_code: '852', name_zh_tr: expect.any(String) }),
    );
    for (const c of all)
      expect(Object.keys(c).sort()).toEqual(['iso', 'name_en', 'name_zh', 'name_zh_tr', 'phone_code']);
  });
});

describe('ip infos and default phone code', () => {
  it('treats loopback callers as Hong Kong', async () => {
    const r = await t.call('GET', '/prs/api/v1/user/ip-infos');
    expect(r.code).toBe(0);
    expect(r.data).toEqual({ ip: '127.0.0.1', iso: 'HK', phone_code: '852' });
  });

  it('offers 852 for the H5 platform and ignores a missing platform', async () => {
    expect((await t.call('GET', '/prs/api/v1/user/default-phone-code?platform=H5')).data).toEqual({
      phone_code: '852',
    });
    expect((await t.call('GET', '/prs/api/v1/user/default-phone-code')).code).toBe(0);
  });

  it('rejects an oversized platform value with 100400', async () => {
    const r = await t.call('GET', `/prs/api/v1/user/default-phone-code?platform=${'x'.repeat(50)}`);
    expect(r.code).toBe(100400);
  });
});

describe('regions', () => {
  it('lists top-level regions localized per accept-language, traditional by default', async () => {
    const hk = await t.call('GET', '/mdr/api/v1/regions');
    expect(hk.code).toBe(0);
    const guangdongHk = hk.data.find((r: { code: string }) => r.code === '440000');
    expect(guangdongHk).toEqual({
      code: '440000',
      name: expect.stringContaining('廣東'),
      has_children: true,
    });
    const cn = await t.call('GET', '/mdr/api/v1/regions', { headers: { 'accept-language': 'zh-CN' } });
    expect(cn.data.find((r: { code: string }) => r.code === '440000').name).toContain('广东');
  });

  it('lists the children of a parent and marks leaves', async () => {
    const r = await t.call('GET', '/mdr/api/v1/regions?parent=HK');
    expect(r.code).toBe(0);
    expect(r.data).toContainEqual({ code: 'HK-WC', name: '灣仔區', has_children: false });
  });

  it('answers 100404 for an unknown parent and 100400 for a malformed one', async () => {
    expect((await t.call('GET', '/mdr/api/v1/regions?parent=NOPE')).code).toBe(100404);
    expect((await t.call('GET', '/mdr/api/v1/regions?parent=%3Cscript%3E')).code).toBe(100400);
    expect((await t.call('GET', `/mdr/api/v1/regions?parent=${'1'.repeat(40)}`)).code).toBe(100400);
  });

  it('lists hot cities with localized names', async () => {
    const hk = await t.call('GET', '/mdr/api/v1/hot-regions');
    expect(hk.code).toBe(0);
    expect(hk.data[0]).toEqual({ code: 'HK', name: '香港' });
    expect(hk.data).toContainEqual({ code: '440100', name: '廣州' });
    const cn = await t.call('GET', '/mdr/api/v1/hot-regions', { headers: { 'accept-language': 'zh-CN' } });
    expect(cn.data).toContainEqual({ code: '440100', name: '广州' });
  });
});

describe('protocol configs', () => {
  it('answers every protocol type keyed by type, in the request language, defaulting to zh-HK', async () => {
    for (const type of PROTOCOL_TYPES) {
      await saveProtocol(t.db, { type, lang: 'zhhk', title: null, content: `<p>${type} 香港</p>` });
      await saveProtocol(t.db, { type, lang: 'zhcn', title: null, content: `<p>${type} 简体</p>` });
    }
    for (const type of PROTOCOL_TYPES) {
      const r = await t.call('GET', `/mdr/api/v1/config/protocol-configs/${type}`);
      expect(r.code).toBe(0);
      expect(Object.keys(r.data)).toEqual([type]);
      expect(r.data[type].type).toBe(type);
      expect(r.data[type].title.length).toBeGreaterThan(0);
      expect(r.data[type].content).toBe(`<p>${type} 香港</p>`);
    }
    const cn = await t.call('GET', '/mdr/api/v1/config/protocol-configs/privacy_protocol', {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(cn.data.privacy_protocol.content).toContain('简体');
    expect(cn.data.privacy_protocol.title).toBe('隐私政策');
    // no zh-TW document stored: the zh-HK one is served rather than nothing
    const tw = await t.call('GET', '/mdr/api/v1/config/protocol-configs/privacy_protocol', {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.data.privacy_protocol.content).toContain('香港');
  });

  it('answers 100404 for an unknown type', async () => {
    const r = await t.call('GET', '/mdr/api/v1/config/protocol-configs/no_such_protocol');
    expect(r.code).toBe(100404);
    expect(r.status).toBe(200);
  });

  it('never serves scripts, event handlers or javascript: links even when the stored source had them', async () => {
    await saveProtocol(t.db, {
      type: 'service_protocol',
      lang: 'zhhk',
      title: '服務',
      content:
        '<h1 onclick="x()">條款</h1><script>alert(1)</script><p onmouseover="steal()">內容<img src=x onerror=alert(1)></p>' +
        '<a href="javascript:alert(1)">壞</a><a href="https://example.com">好</a><iframe src="https://evil"></iframe><style>p{}</style>',
    });
    const r = await t.call('GET', '/mdr/api/v1/config/protocol-configs/service_protocol');
    const html: string = r.data.service_protocol.content;
    expect(html).toContain('條款');
    expect(html).toContain('內容');
    expect(html).not.toMatch(/<script|<iframe|<style|<img|\son\w+=|javascript:/i);
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
