import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { leanIconSource, roundPathData } from './lean-icons';

describe('lean icons', () => {
  it('rounds path coordinates to a tenth without merging numbers written together', () => {
    expect(roundPathData('M25.845596,4.44900551 L1.04.5 L-0.02,3 Z')).toBe('M25.8,4.4 L1 .5 L0,3 Z');
    expect(roundPathData('M10 20 l.25-.75')).toBe('M10 20 l.3-.8');
  });

  it('keeps an icon drawing the same path, minus ids and the invisible frame', () => {
    const src = readFileSync('node_modules/antd-mobile-icons/es/StarOutline.js', 'utf8');
    const out = leanIconSource(src);
    expect(out).not.toContain('opacity: 0');
    expect(out).not.toMatch(/\bid: "/);
    expect(out).toContain('viewBox: "0 0 48 48"');
    expect(out).toContain('d: "M25.8,4.4 C26.7,4.9');
    expect(out.length).toBeLessThan(src.length * 0.7);
  });
});
