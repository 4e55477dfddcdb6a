import { act, cleanup, screen as dom, fireEvent, waitFor } from '@testing-library/react';
import Ajv2020 from 'ajv/dist/2020';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../config-types.gen';
import { registerValidator } from '../forms/validators';
import { createFakeServices } from '../testing/fake-services';
import { renderScreen } from '../testing/render-screen';
import { testRegistry as registry } from '../testing/test-widgets';

afterEach(cleanup);

const screen = (body: ScreenConfig['body'], extra: Partial<ScreenConfig> = {}): ScreenConfig => ({
  id: 'test',
  body,
  ...extra,
});

describe('ScreenRenderer', () => {
  it('renders templates from route, query and translations', () => {
    const services = createFakeServices({ 'common.empty': '暫無內容' });
    renderScreen(
      screen({
        type: 'box',
        children: [
          { type: 'text', props: { text: 'id={{ route.params.id }} tab={{ query.tab }}' } },
          { type: 'text', props: { text: '$t:common.empty' } },
        ],
      }),
      { registry, services, route: { path: '/x/7', params: { id: '7' } }, query: { tab: 'hot' } },
    );
    expect(dom.getByText('id=7 tab=hot')).toBeTruthy();
    expect(dom.getByText('暫無內容')).toBeTruthy();
  });

  it('hides nodes by visibleWhen and follows the session', async () => {
    const services = createFakeServices();
    renderScreen(
      screen({
        type: 'box',
        children: [
          { type: 'text', visibleWhen: 'session.isLogin', props: { text: 'welcome back' } },
          { type: 'text', visibleWhen: '!session.isLogin', props: { text: 'please log in' } },
        ],
      }),
      { registry, services },
    );
    expect(dom.queryByText('welcome back')).toBeNull();
    expect(dom.getByText('please log in')).toBeTruthy();
    act(() => services.setSession({ isLogin: true }));
    expect(dom.getByText('welcome back')).toBeTruthy();
    expect(dom.queryByText('please log in')).toBeNull();
  });

  it('repeats a node per item with item and index in scope', () => {
    renderScreen(
      screen(
        {
          type: 'text',
          repeat: { each: 'state.teams', key: 'item.id' },
          props: { text: '{{ index + 1 }}. {{ item.name }}' },
        },
        {
          state: {
            teams: [
              { id: 'a', name: '傑志' },
              { id: 'b', name: '東方' },
            ],
          },
        },
      ),
      { registry },
    );
    expect(dom.getByText('1. 傑志')).toBeTruthy();
    expect(dom.getByText('2. 東方')).toBeTruthy();
  });

  it('updates local state by dotted path and re-renders readers', async () => {
    renderScreen(
      screen(
        {
          type: 'box',
          children: [
            { type: 'text', props: { text: 'count {{ state.counter.n }}' } },
            {
              type: 'button',
              props: { text: 'add' },
              on: { press: [{ type: 'setState', path: 'counter.n', value: '{{ state.counter.n + 1 }}' }] },
            },
          ],
        },
        { state: { counter: { n: 1 } } },
      ),
      { registry },
    );
    fireEvent.click(dom.getByText('add'));
    await waitFor(() => expect(dom.getByText('count 2')).toBeTruthy());
    fireEvent.click(dom.getByText('add'));
    await waitFor(() => expect(dom.getByText('count 3')).toBeTruthy());
  });

  it('shows a visible fallback for an unknown type and for a throwing widget, and keeps the rest', () => {
    const services = createFakeServices({
      'engine.unknownWidget': 'cannot show {{type}}',
      'engine.widgetError': 'broken',
    });
    const spy = console.error;
    console.error = () => {};
    try {
      renderScreen(
        screen({
          type: 'box',
          children: [
            { type: 'no-such-widget' },
            { type: 'broken' },
            { type: 'text', props: { text: 'still here' } },
          ],
        }),
        { registry, services },
      );
    } finally {
      console.error = spy;
    }
    expect(dom.getByText('cannot show no-such-widget')).toBeTruthy();
    expect(dom.getByText('broken')).toBeTruthy();
    expect(dom.getByText('still here')).toBeTruthy();
    expect(services.events.filter((e) => e.kind === 'error').map((e) => e.name)).toEqual(
      expect.arrayContaining(['unknownWidget', 'widgetError']),
    );
  });

  it('loads a data source with params from the scope and renders its data', async () => {
    const services = createFakeServices();
    services.answer('GET /mdr/api/v1/users/7/profiles', (req) => ({ nickname: `fan-${req.params?.lang}` }));
    renderScreen(
      screen(
        { type: 'text', props: { text: '{{ data.profile.nickname ?? "…" }}' } },
        {
          data: {
            profile: {
              request: {
                method: 'GET',
                path: '/mdr/api/v1/users/{{ route.params.id }}/profiles',
                params: { lang: '{{ session.lang }}' },
              },
            },
          },
        },
      ),
      { registry, services, route: { path: '/u/7', params: { id: '7' } } },
    );
    await waitFor(() => expect(dom.getByText('fan-zhhk')).toBeTruthy());
  });

  it('does not fetch a source until its `when` holds', async () => {
    const services = createFakeServices();
    services.answer('GET /me', () => ({ name: 'me' }));
    renderScreen(
      screen(
        { type: 'text', props: { text: 'x' } },
        { data: { me: { request: { method: 'GET', path: '/me' }, when: 'session.isLogin' } } },
      ),
      { registry, services },
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(services.calls).toHaveLength(0);
    act(() => services.setSession({ isLogin: true }));
    await waitFor(() => expect(services.calls).toHaveLength(1));
  });
});

describe('forms and action chains', () => {
  const ajv = new Ajv2020({ allErrors: true });
  registerValidator('profile.schema.json', {
    validate: ajv.compile({
      type: 'object',
      required: ['nickname'],
      properties: { nickname: { type: 'string', maxLength: 5 }, password: { type: 'string' } },
    }) as any,
    messages: { nickname: { maxLength: 'profile.nicknameTooLong' } },
  });
  const forms = { profile: { id: 'profile', dataSchema: 'profile.schema.json', fields: [] } };
  const texts = {
    'validation.required': 'required',
    'profile.nicknameTooLong': 'at most {{limit}} characters',
  };
  const body = (onPress: any[]) =>
    screen(
      {
        type: 'box',
        children: [
          { type: 'input', props: { form: 'p', name: 'nickname' } },
          { type: 'input', props: { form: 'p', name: 'password' } },
          { type: 'text', props: { text: 'status: {{ state.status }}' } },
          {
            type: 'button',
            props: { text: 'save', disabled: '{{ !form.p.nickname }}' },
            on: { press: onPress },
          },
          { type: 'button', props: { text: 'force' }, on: { press: onPress } },
        ],
      },
      { forms: { p: { form: 'profile' } }, state: { status: 'idle' } },
    );

  it('shows translated messages, including the schema errorMessage key with its limit', async () => {
    renderScreen(body([{ type: 'validate', form: 'p' }]), {
      registry,
      forms,
      services: createFakeServices(texts),
    });
    fireEvent.click(dom.getByText('force'));
    expect(await dom.findByText('required')).toBeTruthy();
    fireEvent.change(dom.getByLabelText(/nickname/), { target: { value: 'toolong' } });
    expect(await dom.findByText('at most 5 characters')).toBeTruthy();
  });

  it('re-evaluates props that read form values as the user types', async () => {
    renderScreen(body([]), { registry, forms });
    expect((dom.getByText('save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dom.getByLabelText(/nickname/), { target: { value: 'ab' } });
    await waitFor(() => expect((dom.getByText('save') as HTMLButtonElement).disabled).toBe(false));
  });

  const submit = [
    {
      type: 'request',
      form: 'p',
      request: { method: 'PUT', path: '/mdr/api/v1/users', body: { source: 'h5' }, encrypt: ['password'] },
      onSuccess: [
        { type: 'setState', path: 'status', value: 'saved {{ result.nickname }}' },
        { type: 'navigate', to: '/me', query: { from: 'edit' } },
      ],
      onError: [{ type: 'setState', path: 'status', value: 'failed {{ error.code }}' }],
    },
  ];

  it('submits a valid form with encrypted fields, then runs onSuccess with the result', async () => {
    const services = createFakeServices(texts);
    services.answer('PUT /mdr/api/v1/users', (req) => ({ nickname: (req.body as any).nickname }));
    renderScreen(body(submit), { registry, forms, services });
    fireEvent.change(dom.getByLabelText(/nickname/), { target: { value: 'ann' } });
    fireEvent.change(dom.getByLabelText(/password/), { target: { value: 'pw' } });
    fireEvent.click(dom.getByText('save'));
    expect(await dom.findByText('status: saved ann')).toBeTruthy();
    expect(services.calls[0].body).toEqual({ source: 'h5', nickname: 'ann', password: 'enc(pw)' });
    expect(services.navigations[0].to).toBe('/me');
    expect(services.navigations[0].query).toMatchObject({ from: 'edit', t: expect.stringMatching(/^\d+$/) });
    expect(services.events.filter((e) => e.kind === 'action').map((e) => e.name)).toEqual([
      'request',
      'setState',
      'navigate',
    ]);
  });

  it('runs onError with the failure and does not navigate', async () => {
    const services = createFakeServices(texts);
    services.answer('PUT /mdr/api/v1/users', () => {
      throw { code: 100400, msg: 'bad' };
    });
    renderScreen(body(submit), { registry, forms, services });
    fireEvent.change(dom.getByLabelText(/nickname/), { target: { value: 'ann' } });
    fireEvent.click(dom.getByText('save'));
    expect(await dom.findByText('status: failed 100400')).toBeTruthy();
    expect(services.navigations).toHaveLength(0);
  });

  it('does not send an invalid form', async () => {
    const services = createFakeServices(texts);
    renderScreen(body(submit), { registry, forms, services });
    fireEvent.click(dom.getByText('force'));
    expect(await dom.findByText('required')).toBeTruthy();
    expect(services.calls).toHaveLength(0);
  });
});

describe('request with a form whose data schema is stricter than the form', () => {
  const ajv = new Ajv2020({ allErrors: true });
  registerValidator('login-demo', {
    validate: ajv.compile({
      type: 'object',
      additionalProperties: false,
      required: ['login_type', 'phone'],
      properties: { login_type: { const: 2 }, phone: { type: 'string', pattern: '^[0-9]{8}$' } },
    }) as any,
    messages: {},
    properties: ['login_type', 'phone'],
  });

  it('validates body extras with the fields and leaves UI-only fields (agree) out of the request', async () => {
    const services = createFakeServices();
    services.answer('POST /login', () => ({ token: 'tk' }));
    renderScreen(
      screen(
        {
          type: 'box',
          children: [
            { type: 'input', props: { form: 'l', name: 'phone' } },
            {
              type: 'button',
              props: { text: 'login' },
              on: {
                press: [
                  {
                    type: 'if',
                    when: '!form.l.agree',
                    // biome-ignore lint/suspicious/noThenProperty: the `if` action's branch is named then
                    then: [{ type: 'setForm', form: 'l', field: 'agree', value: true }],
                  },
                  {
                    type: 'request',
                    form: 'l',
                    request: { method: 'POST', path: '/login', body: { login_type: 2 } },
                    onSuccess: [{ type: 'signIn', token: '{{ result.token }}' }],
                  },
                ],
              },
            },
          ],
        },
        { forms: { l: { form: 'login-demo' } } },
      ),
      {
        registry,
        services,
        forms: { 'login-demo': { id: 'login-demo', dataSchema: 'login-demo', fields: [] } },
      },
    );
    fireEvent.change(dom.getByLabelText(/phone/), { target: { value: '91234567' } });
    fireEvent.click(dom.getByText('login'));
    await waitFor(() => expect(services.session.get().isLogin).toBe(true));
    expect(services.calls[0].body).toEqual({ login_type: 2, phone: '91234567' });
  });
});
