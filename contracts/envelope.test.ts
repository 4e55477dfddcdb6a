import { describe, expect, it } from 'vitest';
import { isEnvelope } from './envelope';

describe('the API envelope', () => {
  it('accepts {code, msg, data} and nothing less', () => {
    expect(isEnvelope({ code: 0, msg: '', data: null })).toBe(true);
    expect(isEnvelope({ code: 110000, msg: '請先登入', data: {} })).toBe(true);
    expect(isEnvelope({ code: 0, msg: '' })).toBe(false);
    expect(isEnvelope({ code: '0', msg: '', data: null })).toBe(false);
    expect(isEnvelope('<html>')).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});
