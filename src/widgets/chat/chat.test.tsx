import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import zhhk from '../../../locales/zhhk.json';
import { createFakeServices } from '../../engine/testing/fake-services';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const texts: Record<string, string> = {};
(function flatten(tree: Record<string, unknown>, prefix = '') {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') texts[`${prefix}${k}`] = v;
    else flatten(v as Record<string, unknown>, `${prefix}${k}.`);
  }
})(zhhk as Record<string, unknown>);

const msg = (id: number, userId: number, text: string) => ({
  id,
  room: 'match-7',
  text,
  created_at: '2026-01-01T00:00:00Z',
  created_ms: 0,
  user: { id: userId, user_external: `u${userId}`, nickname: `fan${userId}`, avatar: '' },
});

/** the socket as the engine sees it: a topic bus */
function setup(opts: { login?: boolean; blocked?: number[] } = {}) {
  const services = createFakeServices(texts);
  const topics = new Map<string, Set<(m: unknown) => void>>();
  services.realtime = {
    subscribe(topic, fn) {
      if (!topics.has(topic)) topics.set(topic, new Set());
      topics.get(topic)!.add(fn);
      return () => topics.get(topic)!.delete(fn);
    },
  };
  if (opts.login) services.setSession({ isLogin: true, user: { id: 1 } });
  services.answer('GET /mdr/api/v1/chat/rooms/match-7/messages', (req) =>
    req.params?.before_id
      ? { list: [msg(1, 2, 'oldest')], has_more: false }
      : { list: [msg(5, 2, '<b>hello</b>'), msg(6, 1, 'mine')], has_more: true },
  );
  services.answer('GET /mdr/api/v1/users/me/blacklists', () => ({
    list: (opts.blocked ?? []).map((id) => ({ id })),
  }));
  const emit = (m: unknown) =>
    act(() => {
      for (const fn of topics.get('chat:match-7') ?? []) fn(m);
    });
  renderWidgets({ type: 'chat', props: { room: 'match-{{ 7 }}', height: '400px' } }, { services });
  return { services, emit, topics };
}

describe('chat widget', () => {
  it('shows history as text, own messages on the right, and appends live messages', async () => {
    const { emit, topics } = setup({ login: true });
    const html = await screen.findByText('<b>hello</b>');
    expect(html.querySelector('b')).toBeNull();
    expect(screen.getByText('mine').closest('.gf-chat__row')?.className).toContain('gf-chat__row--mine');
    expect(html.closest('.gf-chat__row')?.className).not.toContain('--mine');
    expect(topics.get('chat:match-7')?.size).toBe(1);
    emit({ kind: 'chat', seq: 7, item: msg(7, 3, 'goal!') });
    expect(await screen.findByText('goal!')).toBeTruthy();
    // the same message again (replay after a reconnect) shows once
    emit({ kind: 'chat', seq: 7, item: msg(7, 3, 'goal!') });
    expect(screen.getAllByText('goal!')).toHaveLength(1);
  });

  it('hides messages of blocked users, live ones too', async () => {
    const { emit } = setup({ login: true, blocked: [3] });
    await screen.findByText('mine');
    await waitFor(() => {
      emit({ kind: 'chat', seq: 8, item: msg(8, 3, 'from blocked') });
      emit({ kind: 'chat', seq: 9, item: msg(9, 4, 'from friend') });
      expect(screen.getByText('from friend')).toBeTruthy();
    });
    expect(screen.queryByText('from blocked')).toBeNull();
  });

  it('opens the login popup when a visitor sends', async () => {
    const { services } = setup();
    await screen.findByText('mine');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'hi' } });
    fireEvent.click(screen.getByText(texts['chat.send']));
    expect(services.navigations).toContainEqual({ to: 'login', query: undefined });
    expect(services.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends, counts characters against the limit and shows the rate-limit wait', async () => {
    const { services } = setup({ login: true });
    let n = 0;
    services.answer('POST /mdr/api/v1/chat/rooms/match-7/messages', (req) => {
      if (++n > 1) throw { code: 140103, msg: 'too fast', data: { retry_after_ms: 1500 } };
      return msg(20, 1, (req.body as { text: string }).text);
    });
    await screen.findByText('mine');
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText('201/200').className).toContain('--over');
    expect((screen.getByText(texts['chat.send']) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '入波' } });
    expect(screen.getByText('2/200')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('入波')).toBeTruthy();
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'again' } });
    fireEvent.click(screen.getByText(texts['chat.send']));
    expect((await screen.findByRole('alert')).textContent).toBe(
      texts['chat.tooFast'].replace('{{seconds}}', '2'),
    );
    expect(input.value).toBe('again');
  });

  it('refetches the latest page on a reset', async () => {
    const { services, emit } = setup({ login: true });
    await screen.findByText('mine');
    const before = services.calls.filter((c) => c.method === 'GET' && c.path.includes('/chat/')).length;
    emit({ kind: 'reset', topic: 'chat:match-7' });
    await waitFor(() =>
      expect(services.calls.filter((c) => c.method === 'GET' && c.path.includes('/chat/')).length).toBe(
        before + 1,
      ),
    );
  });

  it('shows the viewer a pushed mute with its end, refuses with the same notice, and clears it on revoke', async () => {
    const { services, emit } = setup({ login: true });
    await screen.findByText('mine');
    // someone else's mute says nothing to this viewer
    emit({ kind: 'sanction', room_id: 7, user_id: 2, sanction: 'mute', until: '2026-01-01T10:00:00Z' });
    expect(document.querySelector('.gf-chat__notice')).toBeNull();
    emit({ kind: 'sanction', room_id: 7, user_id: 1, sanction: 'mute', until: '2026-01-01T10:00:00Z' });
    const notice = await waitFor(() => {
      const el = document.querySelector('.gf-chat__notice');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(notice.textContent).toContain(texts['chat.mod.you.mute']);
    expect(notice.textContent).toMatch(/\d{2}:\d{2}/);
    emit({ kind: 'sanction', room_id: 7, user_id: 1, revoked: ['mute'] });
    await waitFor(() => expect(document.querySelector('.gf-chat__notice')).toBeNull());
    services.answer('POST /mdr/api/v1/chat/rooms/match-7/messages', () => {
      throw { code: 170401, msg: texts['errors.170401'], data: { until: '2026-01-01T10:00:00Z' } };
    });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '點解' } });
    fireEvent.click(screen.getByText(texts['chat.send']));
    await waitFor(() =>
      expect(document.querySelector('.gf-chat__notice')?.textContent).toContain(texts['errors.170401']),
    );
  });

  it('offers a moderator the mute sheet on a name and the list of muted viewers', async () => {
    const services = createFakeServices(texts);
    services.realtime = { subscribe: () => () => {} };
    services.setSession({ isLogin: true, user: { id: 1 } });
    services.answer('GET /mdr/api/v1/chat/rooms/live-9/messages', () => ({
      list: [{ ...msg(5, 2, 'hello'), room: 'live-9' }],
      has_more: false,
    }));
    services.answer('GET /mdr/api/v1/users/me/blacklists', () => ({ list: [] }));
    services.answer('GET /mdr/api/v1/live/rooms/9/sanctions', () => ({
      list: [
        {
          user_id: 2,
          kind: 'mute',
          until: null,
          nickname: 'fan2',
          created_at: '',
          avatar: '',
          user_external: 'u2',
        },
      ],
    }));
    renderWidgets(
      {
        type: 'chat',
        props: { room: 'live-9', moderator: true, moderation: '/mdr/api/v1/live/rooms/9/sanctions' },
      },
      { services },
    );
    await screen.findByText('hello');
    expect(screen.getByRole('button', { name: 'fan2' }).className).toContain('gf-chat__name--mod');
    fireEvent.click(screen.getByText(texts['chat.mod.list']));
    expect(await screen.findByText(texts['chat.mod.revoke'])).toBeTruthy();
    expect(document.querySelector('.gf-chat__sanction')?.textContent).toContain('fan2');
  });
  it('stops the chat with a notice when the server bans the viewer from the room', async () => {
    const { services, emit } = setup({ login: true });
    await screen.findByText('mine');
    emit({
      kind: 'refused',
      topic: 'chat:match-7',
      reason: 'evicted',
      code: 170402,
      msg: texts['errors.170402'],
    });
    const notice = await screen.findByTestId('chat-closed');
    expect(notice.textContent).toContain(texts['errors.170402']);
    expect(notice.textContent).toContain(texts['live6.chat.evicted'].split('。')[1]);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe(texts['live6.chat.inputClosed']);
    expect((screen.getByText(texts['chat.send']) as HTMLButtonElement).disabled).toBe(true);
    // messages already read stay; nothing is sent
    expect(screen.getByText('mine')).toBeTruthy();
    expect(services.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
