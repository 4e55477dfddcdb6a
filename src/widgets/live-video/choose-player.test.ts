import { describe, expect, it } from 'vitest';
import { choosePlayer, forcedPlayer } from './choose-player';

describe('choosePlayer', () => {
  it('native HLS first, else the MSE player, else hls.js', () => {
    expect(choosePlayer({ forced: null, native: true, mse: true })).toBe('native');
    expect(choosePlayer({ forced: null, native: false, mse: true })).toBe('mse');
    expect(choosePlayer({ forced: null, native: false, mse: false })).toBe('hls.js');
  });

  it('the test switch forces a path; mse only where MSE plays the codecs', () => {
    expect(choosePlayer({ forced: 'mse', native: true, mse: true })).toBe('mse');
    expect(choosePlayer({ forced: 'mse', native: false, mse: false })).toBe('hls.js');
    expect(choosePlayer({ forced: 'hls.js', native: true, mse: true })).toBe('hls.js');
  });
});

describe('forcedPlayer', () => {
  it('reads player= from the hash route query or the page query', () => {
    expect(forcedPlayer('http://h.test/#/live/personal/detail?id=3&player=mse')).toBe('mse');
    expect(forcedPlayer('http://h.test/?player=hls#/live/personal/detail?id=3')).toBe('hls.js');
    expect(forcedPlayer('http://h.test/#/live/personal/detail?id=3&player=native')).toBe('native');
    expect(forcedPlayer('http://h.test/#/live/personal/detail?id=3')).toBeNull();
    expect(forcedPlayer('http://h.test/#/live/personal/detail?id=3&player=flash')).toBeNull();
  });
});
