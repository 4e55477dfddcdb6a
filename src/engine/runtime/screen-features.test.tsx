import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen as dom, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ruleValues } from '../../../contracts/rules';
import type { Action, ScreenConfig } from '../config-types.gen';
import { pathHasPrefix } from '../data/invalidate';
import type { ValidateFunction } from '../forms/validator-types';
import { registerValidator } from '../forms/validators';
import { WidgetRegistryProvider } from '../registry';
import { EngineServicesProvider } from '../services';
import { createFakeServices, type FakeServices } from '../testing/fake-services';
import { renderScreen } from '../testing/render-screen';
import { testRegistry as registry } from '../testing/test-widgets';
import { ScreenRenderer } from './ScreenRenderer';

afterEach(cleanup);

const packageVersion = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8'))
  .version as string;

describe('rules and app roots', () => {
  it('reads limits from screens/rules.json as plain values and the version from package.json', () => {
    renderScreen(
      {
        id: 'about',
        body: {
          type: 'box',
          children: [
            { type: 'text', props: { text: 'nickname ≤ {{ rules.profile.nicknameMax }}' } },
            { type: 'text', props: { text: 'resend in {{ rules.auth.codeResendSeconds }} s' } },
            { type: 'text', props: { text: 'types {{ join(rules.profile.imageTypes, "/") }}' } },
            { type: 'text', props: { text: 'v{{ app.version }}' } },
          ],
        },
      },
      { registry },
    );
    expect(dom.getByText('nickname ≤ 20')).toBeTruthy();
    expect(dom.getByText('resend in 60 s')).toBeTruthy();
    expect(dom.getByText('types jpg/jpeg')).toBeTruthy();
    expect(dom.getByText(`v${packageVersion}`)).toBeTruthy();
  });

  it('unwraps {value, unit} entries and keeps plain ones', () => {
    expect(
      ruleValues({
        $schema: 'x',
        profile: { nicknameMax: { value: 20, unit: 'chars' }, imageTypes: ['jpg'] },
        flags: { debug: false },
      }),
    ).toEqual({ profile: { nicknameMax: 20, imageTypes: ['jpg'] }, flags: { debug: false } });
  });
});

/** Two screens under one query client, the first hidden as the shell keeps pages alive. */
function renderTwoScreens(kept: ScreenConfig, current: ScreenConfig, services: FakeServices) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const route = { path: '/x', params: {} };
  render(
    <QueryClientProvider client={client}>
      <EngineServicesProvider value={services}>
        <WidgetRegistryProvider registry={registry}>
          <section hidden>
            <ScreenRenderer screen={kept} route={route} />
          </section>
          <section>
            <ScreenRenderer screen={current} route={route} />
          </section>
        </WidgetRegistryProvider>
      </EngineServicesProvider>
    </QueryClientProvider>,
  );
}

describe('cross-screen refresh by request path', () => {
  const me: ScreenConfig = {
    id: 'me',
    data: {
      centre: { request: { method: 'GET', path: '/mdr/api/v1/user-center' } },
      regions: { request: { method: 'GET', path: '/mdr/api/v1/users-regions' } },
    },
    body: {
      type: 'box',
      children: [
        { type: 'text', props: { text: 'me: {{ data.centre.nickname }}' } },
        { type: 'text', props: { text: 'regions: {{ data.regions.n }}' } },
      ],
    },
  };
  const editor = (press: Action[]): ScreenConfig => ({
    id: 'edit',
    body: { type: 'button', props: { text: 'save' }, on: { press } },
  });

  function fakeBackend() {
    const services = createFakeServices();
    let nickname = 'old';
    let regionCalls = 0;
    services.answer('GET /mdr/api/v1/user-center', () => ({ nickname }));
    services.answer('GET /mdr/api/v1/users-regions', () => ({ n: ++regionCalls }));
    services.answer('PUT /mdr/api/v1/users', (req) => {
      nickname = String((req.body as { nickname: string }).nickname);
      return null;
    });
    return services;
  }

  it('refreshes a kept-alive screen after a request with invalidatePaths', async () => {
    const services = fakeBackend();
    renderTwoScreens(
      me,
      editor([
        {
          type: 'request',
          request: { method: 'PUT', path: '/mdr/api/v1/users', body: { nickname: 'new' } },
          invalidatePaths: ['/mdr/api/v1/user-center'],
          onSuccess: [{ type: 'toast', text: 'saved' }],
        },
      ]),
      services,
    );
    expect(await dom.findByText('me: old')).toBeTruthy();
    fireEvent.click(dom.getByText('save'));
    expect(await dom.findByText('me: new')).toBeTruthy();
    // a prefix covers whole path segments only: /users-regions is not under /users
    expect(dom.getByText('regions: 1')).toBeTruthy();
  });

  it('refreshes by path with the invalidate action, and not after a failed request', async () => {
    const services = fakeBackend();
    services.answer('PUT /mdr/api/v1/broken', () => {
      throw { code: 100500, msg: 'down' };
    });
    renderTwoScreens(
      me,
      editor([
        {
          type: 'request',
          request: { method: 'PUT', path: '/mdr/api/v1/broken' },
          invalidatePaths: ['/mdr/api/v1'],
        },
      ]),
      services,
    );
    expect(await dom.findByText('regions: 1')).toBeTruthy();
    fireEvent.click(dom.getByText('save'));
    await waitFor(() => expect(services.calls.some((c) => c.path === '/mdr/api/v1/broken')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(dom.getByText('regions: 1')).toBeTruthy();
    cleanup();

    renderTwoScreens(
      me,
      editor([{ type: 'invalidate', paths: ['/mdr/api/{{ "v1" }}/users-regions'] }]),
      fakeBackend(),
    );
    expect(await dom.findByText('regions: 1')).toBeTruthy();
    fireEvent.click(dom.getByText('save'));
    expect(await dom.findByText('regions: 2')).toBeTruthy();
    expect(dom.getByText('me: old')).toBeTruthy();
  });

  it('matches prefixes by whole segments', () => {
    expect(pathHasPrefix('/mdr/api/v1/users', '/mdr/api/v1/users')).toBe(true);
    expect(pathHasPrefix('/mdr/api/v1/users/7/profiles', '/mdr/api/v1/users/')).toBe(true);
    expect(pathHasPrefix('/mdr/api/v1/users', '/mdr/api/v1/user')).toBe(false);
    expect(pathHasPrefix('/mdr/api/v1/user-center', '/mdr/api/v1/user')).toBe(false);
  });
});

describe('named action lists', () => {
  const screenWith = (press: Action[], actions: ScreenConfig['actions']): ScreenConfig => ({
    id: 'named',
    state: { log: '' },
    actions,
    body: {
      type: 'box',
      children: [
        { type: 'text', props: { text: 'log:{{ state.log }}' } },
        { type: 'button', props: { text: 'go' }, on: { press } },
      ],
    },
  });
  const append = (s: string): Action => ({
    type: 'setState',
    path: 'log',
    value: `{{ state.log + "${s}" }}`,
  });

  it('runs a screen list in the caller scope, and a failing list stops the caller', async () => {
    const services = createFakeServices();
    services.answer('POST /captcha', () => ({ image: 'img-1' }));
    renderScreen(
      screenWith(
        [
          append('a'),
          { type: 'run', name: 'load' },
          append('b'),
          { type: 'run', name: 'fail' },
          append('never'),
        ],
        {
          load: [
            {
              type: 'request',
              request: { method: 'POST', path: '/captcha' },
              onSuccess: [
                { type: 'setState', path: 'log', value: '{{ state.log + "[" + result.image + "]" }}' },
              ],
            },
          ],
          fail: [{ type: 'request', request: { method: 'POST', path: '/nowhere' } }],
        },
      ),
      { registry, services },
    );
    fireEvent.click(dom.getByText('go'));
    expect(await dom.findByText('log:a[img-1]b')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(dom.getByText('log:a[img-1]b')).toBeTruthy();
  });

  it('stops at an unknown list or a list that runs itself, and reports it', async () => {
    const services = createFakeServices();
    const spy = console.error;
    console.error = () => {};
    try {
      renderScreen(
        screenWith([append('a'), { type: 'run', name: 'loop' }, append('b')], {
          loop: [append('l'), { type: 'run', name: 'loop' }],
        }),
        { registry, services },
      );
      fireEvent.click(dom.getByText('go'));
      expect(await dom.findByText('log:al')).toBeTruthy();
      await waitFor(() =>
        expect(services.events).toContainEqual(
          expect.objectContaining({ kind: 'error', payload: expect.objectContaining({ action: 'run' }) }),
        ),
      );
    } finally {
      console.error = spy;
    }
    expect(dom.getByText('log:al')).toBeTruthy();
  });
});

describe('node failures stay local', () => {
  it('shows a fallback for a prop that fails to compile or evaluate, keeps its siblings, reports each', () => {
    const services = createFakeServices({ 'engine.widgetError': 'cannot show {{type}}' });
    const spy = console.error;
    console.error = () => {};
    try {
      renderScreen(
        {
          id: 'bad-prop',
          body: {
            type: 'box',
            children: [
              { type: 'text', props: { text: 'size {{ nosuch(1) }}' } },
              { type: 'text', props: { text: '{{ state.constructor }}' } },
              { type: 'text', props: { text: 'still here' } },
            ],
          },
        },
        { registry, services },
      );
    } finally {
      console.error = spy;
    }
    expect(dom.getAllByText('cannot show text')).toHaveLength(2);
    expect(dom.getByText('still here')).toBeTruthy();
    expect(services.events.filter((e) => e.kind === 'error' && e.name === 'widgetError')).toHaveLength(2);
  });
});

describe('field bindings', () => {
  it('show values set by actions, and errors appear and clear as the user corrects the field', async () => {
    const validate: ValidateFunction = Object.assign(
      (data: unknown) => {
        const nickname = (data as { nickname?: string }).nickname;
        const ok = typeof nickname === 'string' && nickname.length <= 3;
        validate.errors = ok ? null : [{ instancePath: '/nickname', keyword: 'maxLength', params: {} }];
        return ok;
      },
      { errors: null },
    );
    registerValidator('nick', { validate, messages: {} });
    renderScreen(
      {
        id: 'fields',
        forms: { p: { form: 'nick' } },
        onEnter: [{ type: 'setForm', form: 'p', field: 'nickname', value: 'fan' }],
        body: {
          type: 'box',
          children: [
            { type: 'input', props: { form: 'p', name: 'nickname' } },
            { type: 'input', props: { form: 'p', name: 'other' } },
            { type: 'button', props: { text: 'check' }, on: { press: [{ type: 'validate', form: 'p' }] } },
          ],
        },
      },
      { registry, forms: { nick: { id: 'nick', dataSchema: 'nick', fields: [] } } },
    );
    const nickname = dom.getByLabelText(/nickname/) as HTMLInputElement;
    await waitFor(() => expect(nickname.value).toBe('fan'));
    fireEvent.change(nickname, { target: { value: 'fanatic' } });
    fireEvent.click(dom.getByText('check'));
    expect(await dom.findByText('validation.maxLength')).toBeTruthy();
    fireEvent.change(nickname, { target: { value: 'fa' } });
    await waitFor(() => expect(dom.queryByText('validation.maxLength')).toBeNull());
    expect((dom.getByLabelText(/other/) as HTMLInputElement).value).toBe('');
  });
});
