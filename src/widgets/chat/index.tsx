import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SanctionEvent } from '../../../contracts/chat';
import { chatRules } from '../../../contracts/rules';
import { currentRules, useEngineServices } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import { MessageRow } from './message-row';
import { SanctionList, untilText } from './moderation';
import { useChatRoom } from './use-chat-room';
import { useViewportFit } from './use-viewport-fit';
import './chat.css';

export interface ChatProps {
  /** room id: "match-<id>" (later "live-<id>") */
  room?: unknown;
  /** CSS height of the whole widget (list + input); default fills 60% of the viewport */
  height?: unknown;
  /** 'viewport': fill from the widget's top to the bottom of the visual viewport (above the keyboard) */
  fit?: unknown;
  placeholder?: unknown;
  /** the viewer moderates this room (a live room's owner, an operator): a tap on a name offers mute and ban */
  moderator?: unknown;
  /** the room's sanctions endpoint (GET list, POST {user_id, kind, minutes?}, DELETE /{user_id}) */
  moderation?: unknown;
}

// the registry loads the rules with this chunk (src/widgets/index.ts)
let limits: ReturnType<typeof chatRules> | undefined;
const chatLimits = () => (limits ??= chatRules(currentRules()));
const NEAR_BOTTOM_PX = 48;
const NEAR_TOP_PX = 40;

/**
 * Room chat: history loads on scroll up, live messages append (auto-scroll unless the reader scrolled
 * up, then a "new messages" pill), own messages on the right, long-press or ⋯ on others' messages to
 * report or block. Visitors can type; sending opens the login popup. Text renders as text only.
 */
export default function ChatWidget({ props }: WidgetProps<ChatProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const room = asText(props.room);
  const max = chatLimits().messageMax;
  const [notice, setNotice] = useState('');
  const myIdRef = useRef<number | null>(null);
  const onSanction = (e: SanctionEvent) => {
    if (e.user_id !== myIdRef.current) return;
    if (e.sanction) setNotice(`${t(`chat.mod.you.${e.sanction}`)}${untilText(t, e.until)}`);
    else if (e.revoked?.length) setNotice('');
  };
  const chat = useChatRoom(services, room, chatLimits().historyPageSize, onSanction);
  myIdRef.current = chat.myId;
  const moderation = props.moderator === true ? asText(props.moderation) : '';
  const [showList, setShowList] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const fitted = useViewportFit(rootRef, props.fit === 'viewport');
  const atBottom = useRef(true);
  const prev = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });
  const count = [...text.trim()].length;
  // banned from the room (refused or evicted on the websocket): the chat stops here, no input, no retry
  const closed = chat.refused
    ? t(`live6.chat.${chat.refused.reason}`, {
        why: chat.refused.msg || t(chat.refused.code ? `errors.${chat.refused.code}` : 'live6.chat.noReason'),
      })
    : '';
  const tooLong = count > max;

  // keep the reader's place: older pages keep the view where it was, new ones follow only at the bottom
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const first = chat.messages[0]?.id;
    const last = chat.messages[chat.messages.length - 1];
    const p = prev.current;
    if (p.first !== undefined && first !== undefined && first < p.first && last?.id === p.last) {
      el.scrollTop += el.scrollHeight - p.height;
    } else if (last && last.id !== p.last) {
      if (atBottom.current || last.user.id === chat.myId || p.last === undefined) {
        el.scrollTop = el.scrollHeight;
        setUnseen(0);
      } else {
        setUnseen((n) => n + 1);
      }
    }
    prev.current = { first, last: last?.id, height: el.scrollHeight };
  }, [chat.messages, chat.myId]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setUnseen(0);
    if (el.scrollTop < NEAR_TOP_PX) void chat.loadOlder();
  };

  const toBottom = () => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(''), 4000);
    return () => clearTimeout(timer);
  }, [error]);

  const send = async () => {
    if (!chat.isLogin) {
      services.openLogin();
      return;
    }
    if (closed) return;
    const value = text.trim();
    if (!value || tooLong || sending) return;
    setSending(true);
    setError('');
    const failure = await chat.send(value);
    setSending(false);
    if (!failure) {
      setText('');
      atBottom.current = true;
      return;
    }
    if (failure.code === 110000) services.openLogin();
    else if (failure.code === 170401 || failure.code === 170402) {
      // muted or banned: a notice that stays, with the end time
      const until = (failure.data as { until?: unknown } | null)?.until;
      setNotice(`${failure.msg}${untilText(t, until)}`);
    } else if (failure.code === 140103) {
      const ms = Number((failure.data as { retry_after_ms?: number } | null)?.retry_after_ms ?? 0);
      setError(t('chat.tooFast', { seconds: Math.max(1, Math.ceil(ms / 1000)) }));
    } else setError(failure.msg || t('errors.100500'));
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <section
      ref={rootRef}
      className="gf-chat"
      // dvh (the dynamic viewport) before the visual viewport is measured, and where it is not offered
      style={{ height: fitted ?? (asText(props.height) || '60dvh') }}
      aria-label={asText(props.placeholder) || t('chat.placeholder')}
      data-room={room}
    >
      {!chat.online && !closed && <div className="gf-chat__offline">{t('chat.offline')}</div>}
      {moderation && (
        <div className="gf-chat__modbar">
          <button type="button" onClick={() => setShowList((v) => !v)} aria-expanded={showList}>
            {t('chat.mod.list')}
          </button>
        </div>
      )}
      {moderation && showList && <SanctionList path={moderation} />}
      <div className="gf-chat__list" ref={listRef} onScroll={onScroll} role="log" aria-live="polite">
        {chat.loadingOlder && <div className="gf-chat__hint">{t('chat.loadingOlder')}</div>}
        {!chat.hasMore && chat.messages.length > 0 && <div className="gf-chat__hint">{t('chat.noMore')}</div>}
        {!chat.loading && chat.messages.length === 0 && !closed && (
          <div className="gf-chat__empty">{t('chat.empty')}</div>
        )}
        {chat.messages.map((m) => (
          <MessageRow key={m.id} m={m} mine={m.user.id === chat.myId} chat={chat} moderation={moderation} />
        ))}
      </div>
      {unseen > 0 && (
        <button type="button" className="gf-chat__pill" onClick={toBottom}>
          {t('chat.newMessages')} ({unseen}) ↓
        </button>
      )}
      {closed ? (
        <div className="gf-chat__notice gf-chat__notice--closed" role="alert" data-testid="chat-closed">
          {closed}
        </div>
      ) : (
        notice && (
          <div className="gf-chat__notice" role="status">
            {notice}
          </div>
        )
      )}
      {error && (
        <div className="gf-chat__error" role="alert">
          {error}
        </div>
      )}
      <div className="gf-chat__input">
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          disabled={!!closed}
          placeholder={
            closed
              ? t('live6.chat.inputClosed')
              : chat.isLogin
                ? asText(props.placeholder) || t('chat.placeholder')
                : t('chat.loginToChat')
          }
          aria-label={t('chat.placeholder')}
          enterKeyHint="send"
        />
        <span className={`gf-chat__count${tooLong ? ' gf-chat__count--over' : ''}`} aria-live="polite">
          {t('chat.counter', { count, max })}
        </span>
        <button
          type="button"
          className="gf-chat__send"
          disabled={!!closed || (chat.isLogin && (!text.trim() || tooLong || sending))}
          onClick={() => void send()}
        >
          {t('chat.send')}
        </button>
      </div>
    </section>
  );
}
