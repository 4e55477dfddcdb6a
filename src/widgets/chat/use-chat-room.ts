/**
 * A chat room's state for the widget: history pages (before_id), live messages from `chat:<room>`
 * through the engine's realtime service, the viewer's blacklist, send/report/block. Room-generic:
 * match rooms now, live-stream rooms later.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  type ChatMessage,
  isChatEvent,
  isSanctionEvent,
  roomTopic,
  type SanctionEvent,
} from '../../../contracts/chat';
import { isRefusedNotice, isResetNotice, type RefusedNotice } from '../../../contracts/realtime';
import type { ApiFailure, EngineServices } from '../../engine/services';

interface Page {
  list: ChatMessage[];
  has_more: boolean;
}

const base = '/mdr/api/v1';
const noop = () => () => {};

/** Merge by id, keep ascending id order (live and history can overlap). */
function mergeMessages(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of a) byId.set(m.id, m);
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

export function useChatRoom(
  services: EngineServices,
  room: string,
  pageSize: number,
  /** called with a moderation change pushed on the room's topic (the widget shows the viewer's own) */
  onSanction?: (event: SanctionEvent) => void,
) {
  const onSanctionRef = useRef(onSanction);
  onSanctionRef.current = onSanction;
  const session = useSyncExternalStore(
    services.session.subscribe,
    services.session.get,
    services.session.get,
  );
  const sessionId = typeof session.user?.id === 'number' ? (session.user.id as number) : null;
  // a session restored from storage may not carry the user yet: ask who we are (own messages go right)
  const [fetchedId, setFetchedId] = useState<number | null>(null);
  useEffect(() => {
    if (!session.isLogin || sessionId !== null) return;
    services.api
      .request<{ id?: number }>({ method: 'GET', path: `${base}/users`, silent: true })
      .then((me) => setFetchedId(typeof me?.id === 'number' ? me.id : null))
      .catch(() => {});
  }, [services, session.isLogin, sessionId]);
  const myId = session.isLogin ? (sessionId ?? fetchedId) : null;
  const { realtime } = services;
  const online = useSyncExternalStore(
    realtime?.onStatus ?? noop,
    () => (realtime?.isUp ? realtime.isUp() : true),
    () => true,
  );
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [blocked, setBlocked] = useState<Set<number>>(new Set());
  /** the server refused or dropped this viewer's subscription (banned): the room is closed to them */
  const [refused, setRefused] = useState<RefusedNotice | null>(null);
  const blockedRef = useRef(blocked);
  blockedRef.current = blocked;
  const valid = /^[a-z]+-[0-9]+$/.test(room);

  const fetchPage = useCallback(
    (beforeId?: number) =>
      services.api.request<Page>({
        method: 'GET',
        path: `${base}/chat/rooms/${room}/messages`,
        params: { size: pageSize, ...(beforeId ? { before_id: beforeId } : {}) },
        silent: true,
      }),
    [services, room, pageSize],
  );

  const loadLatest = useCallback(async () => {
    if (!valid) return;
    try {
      const page = await fetchPage();
      setMessages((cur) => mergeMessages(cur, page.list));
      setHasMore((h) => h || page.has_more);
    } catch {
      // the list stays as it is; the next live message or reconnect tries again
    } finally {
      setLoading(false);
    }
  }, [fetchPage, valid]);

  // first page, again after a login change (the server filters the viewer's blacklist)
  // biome-ignore lint/correctness/useExhaustiveDependencies: myId is the reason to reload
  useEffect(() => {
    setMessages([]);
    setHasMore(false);
    setLoading(true);
    void loadLatest();
  }, [loadLatest, myId]);

  useEffect(() => {
    if (myId === null) {
      setBlocked(new Set());
      return;
    }
    services.api
      .request<{ list: { id: number }[]; hidden_user_ids?: number[] }>({
        method: 'GET',
        path: `${base}/users/me/blacklists`,
        params: { size: 100 },
        silent: true,
      })
      // hidden_user_ids holds both directions (people I blocked and people who blocked me)
      .then((r) => setBlocked(new Set([...r.list.map((u) => u.id), ...(r.hidden_user_ids ?? [])])))
      .catch(() => {});
  }, [services, myId]);

  // another account signed in: the socket starts afresh and the server's guard decides for them
  // biome-ignore lint/correctness/useExhaustiveDependencies: the login is the reason to clear it
  useEffect(() => setRefused(null), [session.isLogin, sessionId]);

  useEffect(() => {
    setRefused(null);
    if (!realtime || !valid) return;
    return realtime.subscribe(roomTopic(room), (message) => {
      if (isRefusedNotice(message)) setRefused(message);
      else if (isResetNotice(message)) void loadLatest();
      else if (isSanctionEvent(message)) onSanctionRef.current?.(message);
      else if (isChatEvent(message) && !blockedRef.current.has(message.item.user?.id)) {
        const { item } = message;
        setMessages((cur) => mergeMessages(cur, [item]));
      }
    });
  }, [realtime, room, valid, loadLatest]);

  const loadOlder = useCallback(async () => {
    if (!hasMore || loadingOlder || !messages.length) return;
    setLoadingOlder(true);
    try {
      const page = await fetchPage(messages[0].id);
      setMessages((cur) => mergeMessages(page.list, cur));
      setHasMore(page.has_more);
    } catch {
      // try again on the next scroll
    } finally {
      setLoadingOlder(false);
    }
  }, [fetchPage, hasMore, loadingOlder, messages]);

  /** Resolves with null on success, or the failure (already localized by the server). */
  const send = useCallback(
    async (text: string): Promise<ApiFailure | null> => {
      try {
        const item = await services.api.request<ChatMessage>({
          method: 'POST',
          path: `${base}/chat/rooms/${room}/messages`,
          body: { text },
          silent: true,
        });
        setMessages((cur) => mergeMessages(cur, [item]));
        return null;
      } catch (e) {
        return e as ApiFailure;
      }
    },
    [services, room],
  );

  const report = useCallback(
    (id: number, reason: string) =>
      services.api.request({ method: 'POST', path: `${base}/chat/messages/${id}/report`, body: { reason } }),
    [services],
  );

  const block = useCallback(
    async (userId: number) => {
      await services.api.request({
        method: 'POST',
        path: `${base}/users/me/blacklists`,
        body: { user_id: userId },
      });
      setBlocked((cur) => new Set([...cur, userId]));
      setMessages((cur) => cur.filter((m) => m.user.id !== userId));
    },
    [services],
  );

  return {
    messages: messages.filter((m) => !blocked.has(m.user.id)),
    hasMore,
    loading,
    loadingOlder,
    loadOlder,
    send,
    report,
    block,
    myId,
    isLogin: session.isLogin,
    online,
    refused,
  };
}
