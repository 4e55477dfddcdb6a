import { cleanup, screen as dom, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigNode, ScreenConfig } from '../config-types.gen';
import type { Widget } from '../contract';
import { createWidgetRegistry } from '../registry';
import { createFakeServices } from '../testing/fake-services';
import { renderScreen } from '../testing/render-screen';

afterEach(cleanup);

const Text: Widget = ({ props }) => <span>{String(props.text ?? '')}</span>;
const Box: Widget = ({ renderChildren, props }) => (
  <div>
    {props.title ? <h1>{String(props.title)}</h1> : null}
    {props.description ? <p>{String(props.description)}</p> : null}
    {renderChildren()}
  </div>
);
const registry = createWidgetRegistry({ box: Box, text: Text, page: Box, empty: Box });

const screen = (notFound?: ConfigNode): ScreenConfig => ({
  id: 'plan',
  data: { plan: { request: { method: 'GET' as const, path: '/plans/{{ query.id }}' } } },
  body: { type: 'text', props: { text: 'title: {{ data.plan.title ?? "" }}' } },
  ...(notFound ? { notFound } : {}),
});

describe('not-found screens', () => {
  it('a source answering 100404 shows the default not-found view, not the body', async () => {
    const services = createFakeServices({ 'widget.notFound.title': 'Not here' });
    renderScreen(screen(), { registry, services, query: { id: '9' } });
    await waitFor(() => expect(dom.getAllByText('Not here').length).toBeGreaterThan(0));
    expect(dom.queryByText(/^title:/)).toBeNull();
  });

  it("the screen's own notFound node wins", async () => {
    renderScreen(screen({ type: 'text', props: { text: 'no such plan' } }), { registry, query: { id: '9' } });
    await waitFor(() => expect(dom.getByText('no such plan')).toBeTruthy());
  });

  it('a link whose id names nothing (100400, "?id=abc") shows the same not-found view', async () => {
    const services = createFakeServices();
    services.answer('GET /plans/abc', async () => {
      throw { code: 100400, msg: 'bad id' };
    });
    renderScreen(screen({ type: 'text', props: { text: 'no such plan' } }), {
      registry,
      services,
      query: { id: 'abc' },
    });
    await waitFor(() => expect(dom.getByText('no such plan')).toBeTruthy());
    expect(dom.queryByText(/^title:/)).toBeNull();
  });

  it('other failures and answers keep the body', async () => {
    const services = createFakeServices();
    services.answer('GET /plans/1', async () => ({ title: 'Derby' }));
    services.answer('GET /plans/2', async () => {
      throw { code: 100500, msg: 'boom' };
    });
    renderScreen(screen(), { registry, services, query: { id: '1' } });
    await waitFor(() => expect(dom.getByText('title: Derby')).toBeTruthy());
    cleanup();
    renderScreen(screen(), { registry, services, query: { id: '2' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(dom.getByText('title:')).toBeTruthy();
  });
});
