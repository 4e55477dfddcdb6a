import { describe, expect, it } from 'vitest';
import { expandFragments, type FragmentConfig, FragmentError, fragmentNames } from './fragments';
import { loadScreenBundle } from './loader';

const row: FragmentConfig = {
  id: 'demo/row',
  params: { label: {}, tone: { default: 'primary' }, extra: { default: [] } },
  body: {
    type: 'button',
    props: { text: '$param:label', color: '$param:tone' },
    children: '$param:extra' as never,
  },
};
const card: FragmentConfig = {
  id: 'demo/card',
  params: { title: {} },
  body: {
    type: 'card',
    props: { title: '$param:title' },
    children: [{ type: 'use', fragment: 'demo/row', params: { label: 'go' } } as never],
  },
};
const loop: FragmentConfig = { id: 'demo/loop', body: { type: 'use', fragment: 'demo/loop' } as never };
const lib = new Map([row, card, loop].map((f) => [f.id, f]));
const get = (n: string) => lib.get(n);

describe('fragments', () => {
  it('replaces a use node by the fragment body with params and defaults substituted, any JSON value', () => {
    const tree = {
      type: 'stack',
      children: [
        {
          type: 'use',
          fragment: 'demo/row',
          params: { label: '{{ item.name }}', extra: [{ type: 'divider' }] },
        },
      ],
    };
    expect(expandFragments(tree, get)).toEqual({
      type: 'stack',
      children: [
        {
          type: 'button',
          props: { text: '{{ item.name }}', color: 'primary' },
          children: [{ type: 'divider' }],
        },
      ],
    });
    // the source tree and the fragment are not changed
    expect(tree.children[0].type).toBe('use');
    expect(row.body.props).toEqual({ text: '$param:label', color: '$param:tone' });
  });

  it('expands fragments inside fragments and lists the names a tree uses', () => {
    const out = expandFragments({ type: 'use', fragment: 'demo/card', params: { title: 'T' } }, get) as any;
    expect(out.props.title).toBe('T');
    expect(out.children[0]).toMatchObject({ type: 'button', props: { text: 'go', color: 'primary' } });
    expect([...fragmentNames(card.body)]).toEqual(['demo/row']);
  });

  it('refuses unknown fragments, unknown or missing params and cycles, with the use node pointer', () => {
    const err = (tree: unknown) => {
      try {
        expandFragments(tree, get, { path: '/body' });
      } catch (e) {
        return e instanceof FragmentError ? `${e.pointer}: ${e.message}` : String(e);
      }
      return 'no error';
    };
    expect(err({ type: 'stack', children: [{ type: 'use', fragment: 'nope' }] })).toBe(
      '/body/children/0: unknown fragment "nope"',
    );
    expect(err({ type: 'use', fragment: 'demo/row' })).toBe('/body: fragment "demo/row" needs param "label"');
    expect(err({ type: 'use', fragment: 'demo/row', params: { label: 1, colour: 2 } })).toContain(
      'has no param "colour"',
    );
    expect(err({ type: 'use', fragment: 'demo/loop' })).toContain('nests deeper');
    const seen: string[] = [];
    const kept = expandFragments({ type: 'use', fragment: 'nope' }, get, {
      onError: (e) => seen.push(e.message),
    });
    expect(kept).toEqual({ type: 'use', fragment: 'nope' });
    expect(seen).toEqual(['unknown fragment "nope"']);
  });

  it('the screen loader hands the renderer expanded screens (experts/list uses experts/expert-row)', async () => {
    const { screen } = await loadScreenBundle('experts/list');
    const json = JSON.stringify(screen.body);
    expect(json).not.toContain('"use"');
    expect(json).toContain('experts.personal.summary');
    expect(json).toContain('/experts/personal');
  });
});
