import { describe, expect, it } from 'vitest';
import { downloadUrl, probeWindow, shouldShowDesktopFrame } from './detect';

const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

describe('desktop frame detection', () => {
  it('a wide desktop browser at top level gets the frame', () => {
    expect(shouldShowDesktopFrame({ width: 1280, userAgent: CHROME_DESKTOP, inFrame: false })).toBe(true);
  });
  it('a phone, a narrow window, or the app inside the frame itself do not', () => {
    expect(shouldShowDesktopFrame({ width: 1280, userAgent: IPHONE, inFrame: false })).toBe(false);
    expect(shouldShowDesktopFrame({ width: 768, userAgent: CHROME_DESKTOP, inFrame: false })).toBe(false);
    expect(shouldShowDesktopFrame({ width: 1280, userAgent: CHROME_DESKTOP, inFrame: true })).toBe(false);
  });
  it('reads the live window (jsdom is a top-level window)', () => {
    expect(probeWindow().inFrame).toBe(false);
  });
  it('app download points at the download page of the origin', () => {
    expect(downloadUrl('http://192.168.1.5:8080')).toBe('http://192.168.1.5:8080/#/download');
  });
});
