import { beforeEach, describe, expect, it } from 'vitest';
import { previewedDoc, takePreviewRequest } from './preview-request';

beforeEach(() => sessionStorage.clear());

describe('preview request', () => {
  it('is remembered for the tab as soon as the address carries it, and survives moving on', () => {
    expect(takePreviewRequest('#/match?cfgPreview=locale/zhhk')).toBe('locale/zhhk');
    expect(takePreviewRequest('#/experts')).toBeNull();
    expect(previewedDoc()).toBe('locale/zhhk');
  });

  it("'off' forgets it", () => {
    takePreviewRequest('#/match?cfgPreview=screen/experts.home');
    expect(takePreviewRequest('#/me?cfgPreview=off')).toBe('off');
    expect(previewedDoc()).toBeNull();
  });

  it('a malformed document key is ignored', () => {
    expect(takePreviewRequest('#/match?cfgPreview=../../etc')).toBeNull();
    expect(takePreviewRequest('#/match?cfgPreview=Locale/zhhk')).toBeNull();
    expect(previewedDoc()).toBeNull();
  });
});
