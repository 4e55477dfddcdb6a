import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import statusSchema from '../../../schemas/status-map.schema.json';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 10 },
    mode: { enum: ['fast', 'slow'] },
    brand: { type: 'string' },
    on: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const text = (o: unknown) => `${JSON.stringify(o, null, 2)}\n`;
const start = { limit: 5, mode: 'fast', brand: '#087a4e', on: true, tags: ['a'] };

function render(value: unknown, s: unknown = schema, problems: unknown = []) {
  return renderWidgets(
    [
      { type: 'field-schema-form', props: { form: 'f', name: 'content', schema: s, problems } },
      { type: 'text', props: { text: 'out={{ form.f.content }}' } },
    ],
    { form: { content: text(value) } },
  );
}
const out = () => JSON.parse((screen.getByText(/^out=/).textContent ?? '').slice(4));

describe('field-schema-form', () => {
  it('renders a control per schema type and writes the JSON text back', () => {
    render(start);
    const limit = screen.getByLabelText('limit') as HTMLInputElement;
    expect(limit.type).toBe('number');
    expect(limit.min).toBe('1');
    expect(limit.max).toBe('10');
    fireEvent.change(limit, { target: { value: '7' } });
    expect(out().limit).toBe(7);
    fireEvent.change(screen.getByLabelText('mode'), { target: { value: '"slow"' } });
    expect(out().mode).toBe('slow');
    // a colour: a swatch beside the text
    expect(screen.getByLabelText('揀「品牌主色」嘅顏色')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('on'));
    expect(out().on).toBe(false);
    // arrays: add and remove rows
    fireEvent.click(screen.getByRole('button', { name: '加一項' }));
    expect(out().tags).toEqual(['a', '']);
    fireEvent.click(screen.getByRole('button', { name: '刪除「#1」' }));
    expect(out().tags).toEqual(['']);
  });

  it("shows the schema's problems and the server's at their field, in the user's language", () => {
    render({ ...start, limit: 11 }, schema, [{ pointer: '/brand', message: 'server says no' }]);
    expect(screen.getByText('唔可以大過 10')).toBeTruthy();
    expect(screen.getByText('server says no')).toBeTruthy();
  });

  it('edits a status map: rows keyed by code, added and removed', () => {
    render({ id: 'status/x', values: { '1': { label: '完場', color: 'success' } } }, statusSchema);
    fireEvent.change(screen.getByPlaceholderText('新項目名'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '加一項' }));
    expect(out().values['2']).toEqual({ label: '' });
    fireEvent.click(screen.getByRole('button', { name: '刪除「1」' }));
    expect(Object.keys(out().values)).toEqual(['2']);
  });

  it('names fields by their labels, the raw key beside; a key without a text is its own label', () => {
    render(
      { ...start, contentMin: 50 },
      {
        ...schema,
        properties: {
          ...schema.properties,
          contentMin: { type: 'integer' },
          mode: { enum: ['fast'], 'x-label': 'tabs.match' },
        },
      },
    );
    // the convention: opsConfig.fields.<key>
    expect(screen.getByText('內容最少字數')).toBeTruthy();
    expect(screen.getByText('contentMin')).toBeTruthy();
    expect((screen.getByLabelText('內容最少字數') as HTMLInputElement).value).toBe('50');
    // a schema's own x-label key
    expect(screen.getByLabelText('比賽')).toBeTruthy();
    // no text: the key
    expect(screen.getByLabelText('limit')).toBeTruthy();
  });

  it("renames a map's entry in one edit, in its place; a taken name is refused", () => {
    const values = { none: { label: '未申請' }, wait: { label: '審核中' }, done: { label: '已通過' } };
    render({ id: 'status/x', values }, statusSchema);
    fireEvent.click(screen.getByRole('button', { name: '改「wait」嘅名' }));
    const box = screen.getByRole('textbox', { name: '「wait」嘅新名' });
    fireEvent.change(box, { target: { value: 'done' } });
    fireEvent.click(screen.getByRole('button', { name: '確定' }));
    expect(screen.getByText('已經有「done」，揀過另一個名')).toBeTruthy();
    expect(Object.keys(out().values)).toEqual(['none', 'wait', 'done']);
    fireEvent.change(box, { target: { value: 'waiting' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(Object.keys(out().values)).toEqual(['none', 'waiting', 'done']);
    expect(out().values.waiting).toEqual({ label: '審核中' });
    expect(screen.queryByRole('textbox', { name: '「wait」嘅新名' })).toBeNull();
  });

  it('a route table: a new route gets its optional fields from a picker, long lists start closed', () => {
    const routeTable = {
      type: 'object',
      additionalProperties: false,
      required: ['routes'],
      properties: {
        routes: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['path'],
            properties: { path: { type: 'string' }, screen: { type: 'string' }, footer: { type: 'boolean' } },
          },
        },
      },
    };
    const routes = Array.from({ length: 20 }, (_, i) => ({ path: `/r${i}`, screen: `s/${i}` }));
    const { container } = render({ routes }, routeTable);
    const groups = () => [
      ...container.querySelectorAll<HTMLDetailsElement>('details[data-group^="/routes/"]'),
    ];
    // twenty routes: every route's group closed, named by its path
    expect(groups()).toHaveLength(20);
    expect(groups().every((g) => !g.open)).toBe(true);
    expect(screen.getByText('#3 /r2')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '加一項' }).at(-1) as HTMLElement);
    expect(out().routes[20]).toEqual({ path: '' });
    // the new route is open to be filled in; its screen comes from the field picker
    const added = container.querySelector<HTMLDetailsElement>('details[data-group="/routes/20"]');
    expect(added?.open).toBe(true);
    fireEvent.change(container.querySelector('[data-pointer="/routes/20/path"]') as Element, {
      target: { value: '/promo/summer' },
    });
    const picker = container.querySelector('select[data-field-adder="/routes/20"]') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.value)).toEqual(['', 'screen', 'footer']);
    fireEvent.change(picker, { target: { value: 'screen' } });
    fireEvent.click(picker.parentElement?.querySelector('button') as HTMLElement);
    expect(picker.parentElement?.textContent).toContain('加欄位');
    fireEvent.change(container.querySelector('[data-pointer="/routes/20/screen"]') as Element, {
      target: { value: 'promo/summer' },
    });
    expect(out().routes[20]).toEqual({ path: '/promo/summer', screen: 'promo/summer' });
    // an optional field of a list's item can go again; the required one cannot
    // the same element all along: typing its path renamed the group's label, not the group
    expect(container.querySelector('details[data-group="/routes/20"]')).toBe(added);
    expect(screen.getByText('#21 /promo/summer')).toBeTruthy();
    const inAdded = (name: string) =>
      [...(added?.querySelectorAll('button') ?? [])].filter((b) => b.getAttribute('aria-label') === name);
    fireEvent.click(inAdded('刪除「screen」')[0]);
    expect(out().routes[20]).toEqual({ path: '/promo/summer' });
    expect(inAdded('刪除「path」')).toHaveLength(0);
  });

  it('leaves text that is not JSON to the JSON editor', () => {
    renderWidgets(
      { type: 'field-schema-form', props: { form: 'f', name: 'content', schema } },
      { form: { content: '{ nope' } },
    );
    expect(screen.getByRole('alert').textContent).toContain('JSON');
  });
});

describe('field-schema-form texts', () => {
  it('shows what a $t: key reads as', () => {
    render({ id: 'status/x', values: { '1': { label: '$t:common.retry' } } }, statusSchema);
    expect(screen.getByText('重試')).toBeTruthy();
  });
});
