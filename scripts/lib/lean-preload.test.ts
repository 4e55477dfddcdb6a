import { describe, expect, it } from 'vitest';
import { freshDependencies, routeCoveredChunks, staticClosureOfEntries } from './lean-preload';

const bundle = {
  'assets/index.js': { type: 'chunk', isEntry: true, imports: ['assets/vendor.js', 'assets/app.js'] },
  'assets/vendor.js': { type: 'chunk', imports: [] },
  'assets/app.js': { type: 'chunk', imports: ['assets/vendor.js'] },
  'assets/sheet.js': { type: 'chunk', imports: ['assets/popup.js', 'assets/vendor.js'] },
  'assets/popup.js': { type: 'chunk', imports: [] },
  'assets/chat.js': {
    type: 'chunk',
    facadeModuleId: '/r/src/widgets/chat/index.tsx',
    imports: ['assets/popup.js'],
  },
  'assets/cfg-1-match.home.js': { type: 'chunk', facadeModuleId: '/r/screens/match/home.json', imports: [] },
  'assets/x.css': { type: 'asset' },
};

describe('lean preload lists', () => {
  const loaded = staticClosureOfEntries(bundle);
  const covered = routeCoveredChunks(bundle);

  it('knows what the entry has loaded and which chunks a route preload names', () => {
    expect([...loaded].sort()).toEqual(['assets/app.js', 'assets/index.js', 'assets/vendor.js']);
    expect([...covered].sort()).toEqual(['assets/cfg-1-match.home.js', 'assets/chat.js']);
  });

  it('keeps a chunk with new imports preloading in parallel, minus what is loaded', () => {
    const deps = ['assets/sheet.js', 'assets/popup.js', 'assets/vendor.js'];
    expect(freshDependencies('assets/sheet.js', deps, loaded, covered)).toEqual([
      'assets/sheet.js',
      'assets/popup.js',
    ]);
  });

  it('writes no list for a chunk that brings nothing new or that its route preloads', () => {
    expect(
      freshDependencies('assets/popup.js', ['assets/popup.js', 'assets/vendor.js'], loaded, covered),
    ).toEqual([]);
    expect(
      freshDependencies('assets/chat.js', ['assets/chat.js', 'assets/popup.js'], loaded, covered),
    ).toEqual([]);
  });
});
