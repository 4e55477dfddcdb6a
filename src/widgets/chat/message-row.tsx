import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../contracts/chat';
import { currentRules, useEngineServices } from '../../engine';
import { moderate } from './moderation';
import type { useChatRoom } from './use-chat-room';

const rule = (path: string, fallback: number): number => {
  const v = path
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], currentRules());
  return typeof v === 'number' ? v : fallback;
};

/** One message: the sender (a moderator's tap target), the bubble, and report / block on long press or ⋯. */
export function MessageRow({
  m,
  mine,
  chat,
  moderation,
}: {
  m: ChatMessage;
  mine: boolean;
  chat: ReturnType<typeof useChatRoom>;
  moderation: string;
}) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressMs = rule('ui.longPressMs', 300);

  const openMenu = async () => {
    if (mine) return;
    if (!chat.isLogin) {
      services.openLogin();
      return;
    }
    const { ActionSheet, Toast } = await import('../overlays');
    const handler = ActionSheet.show({
      actions: [
        { key: 'report', text: t('chat.report') },
        { key: 'block', text: t('chat.block'), danger: true },
      ],
      cancelText: t('chat.cancel'),
      onAction: async (action) => {
        handler.close();
        try {
          if (action.key === 'report') {
            await chat.report(m.id, t('chat.reportReason'));
            Toast.show({ content: t('chat.reported') });
          } else if (action.key === 'block') {
            await chat.block(m.user.id);
            Toast.show({ content: t('chat.blocked') });
          }
        } catch {
          // the API client already showed the reason
        }
      },
    });
  };

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const press = () => {
    clear();
    timer.current = setTimeout(() => void openMenu(), longPressMs);
  };

  return (
    <div
      className={`gf-chat__row${mine ? ' gf-chat__row--mine' : ''}`}
      data-id={m.id}
      onTouchStart={press}
      onTouchEnd={clear}
      onTouchMove={clear}
      onContextMenu={(e) => {
        e.preventDefault();
        void openMenu();
      }}
    >
      {moderation && !mine ? (
        <button
          type="button"
          className="gf-chat__name gf-chat__name--mod"
          onClick={() => void moderate(services, t, moderation, m.user)}
        >
          {m.user.nickname}
          {m.user.gold_badge && <GoldBadge label={t('shop4.perks.goldBadge')} />}
        </button>
      ) : (
        <div className="gf-chat__name">
          {mine ? t('chat.me') : m.user.nickname}
          {m.user.gold_badge && <GoldBadge label={t('shop4.perks.goldBadge')} />}
        </div>
      )}
      <div className="gf-chat__bubble-line">
        <div className="gf-chat__bubble">{m.text}</div>
        {!mine && (
          <button
            type="button"
            className="gf-chat__more"
            aria-label={t('chat.actions')}
            onClick={() => void openMenu()}
          >
            ⋯
          </button>
        )}
      </div>
    </div>
  );
}

/** The points store's gold fan badge (a perk) beside a sender's name. */
function GoldBadge({ label }: { label: string }) {
  return (
    <span className="gf-gold-badge" role="img" aria-label={label}>
      ★
    </span>
  );
}
