import { describe, expect, it } from 'vitest';
import type { FormConfig } from './config-types.gen';
import { expandFormNodes, FormLayoutError } from './form-layout';
import { loadScreenBundle } from './loader';

const contact: FormConfig = {
  id: 'contact',
  dataSchema: 'users-update',
  fields: [
    { name: 'nickname', widget: 'input', label: '$t:profile.nickname', props: { maxLength: 20 } },
    {
      name: 'desc',
      widget: 'textarea',
      placeholder: '$t:profile.bio',
      visibleWhen: 'form.c.nickname',
      slots: { suffix: [{ type: 'text', props: { text: '!' } }] },
    },
  ],
};
const forms = { c: { form: 'contact' } };
const configs = { contact };

describe('form nodes', () => {
  it('become one field node per layout, bound to the screen form, in the list where they stood', () => {
    const tree = {
      type: 'list',
      children: [{ type: 'divider' }, { type: 'form', form: 'c' }, { type: 'spacer' }],
    };
    expect(expandFormNodes(tree, forms, configs)).toEqual({
      type: 'list',
      children: [
        { type: 'divider' },
        {
          type: 'field-input',
          props: { form: 'c', name: 'nickname', label: '$t:profile.nickname', maxLength: 20 },
        },
        {
          type: 'field-textarea',
          props: { form: 'c', name: 'desc', placeholder: '$t:profile.bio' },
          visibleWhen: 'form.c.nickname',
          slots: { suffix: [{ type: 'text', props: { text: '!' } }] },
        },
        { type: 'spacer' },
      ],
    });
  });

  it('shows the named fields in the given order, with the node props laid over each field', () => {
    const tree = [{ type: 'form', form: 'c', fields: ['desc', 'nickname'], props: { label: 'x' } }];
    const out = expandFormNodes(tree, forms, configs) as { type: string; props: Record<string, unknown> }[];
    expect(out.map((n) => [n.type, n.props.name, n.props.label])).toEqual([
      ['field-textarea', 'desc', 'x'],
      ['field-input', 'nickname', 'x'],
    ]);
  });

  it('refuses an unknown field or screen form, and a form node outside a list, with its pointer', () => {
    const errors: FormLayoutError[] = [];
    const onError = (e: FormLayoutError) => errors.push(e);
    expandFormNodes({ children: [{ type: 'form', form: 'c', fields: ['age'] }] }, forms, configs, {
      onError,
    });
    expandFormNodes({ children: [{ type: 'form', form: 'd' }] }, forms, configs, { onError });
    expandFormNodes({ body: { type: 'form', form: 'c' } }, forms, configs, { onError });
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/children/0', 'form "contact" lays out no field "age"'],
      ['/children/0', 'no form "d" in this screen\'s "forms"'],
      ['/body', 'a "form" node must sit in a list (children or a slot)'],
    ]);
    expect(() => expandFormNodes([{ type: 'form', form: 'd' }], forms, configs)).toThrow(FormLayoutError);
  });

  it('the loader hands screens their field nodes: the ops reason field, written once, with its own label on one screen', async () => {
    const labels = await Promise.all(
      ['ops/realname-detail', 'ops/expert-detail'].map(async (id) => {
        const { screen } = await loadScreenBundle(id);
        const json = JSON.stringify(screen.body);
        expect(json).not.toContain('"type":"form"');
        return /"type":"field-textarea","props":\{"form":"decision","name":"reason","label":"([^"]+)"/.exec(
          json,
        )?.[1];
      }),
    );
    expect(labels).toEqual(['$t:ops.reason', '$t:ops.banReasonLabel']);
  });
});
