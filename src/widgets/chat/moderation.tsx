import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../contracts/chat';
import { formatHk, useEngineServices } from '../../engine';

type T = (k: string, o?: Record<string, unknown>) => string;

/** the muted or banned viewer's notice: when it ends, in Hong Kong time as every time in the app */
export function untilText(t: T, until: unknown) {
  if (typeof until !== 'string' || Number.isNaN(Date.parse(until))) return t('chat.mod.untilRevoked');
  return t('chat.mod.until', { time: formatHk(until, 'MM-DD HH:mm') });
}

/** The room's muted and banned viewers (moderators only), each with a revoke button. */
export function SanctionList({ path }: { path: string }) {
  const { t } = useTranslation();
  const services = useEngineServices();
  type Row = { user_id: number; kind: 'mute' | 'ban'; until: string | null; nickname: string };
  const [rows, setRows] = useState<Row[] | null>(null);
  const load = async () => {
    try {
      const r = await services.api.request<{ list: Row[] }>({ method: 'GET', path });
      setRows(r.list);
    } catch {
      setRows([]);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per endpoint
  useEffect(() => {
    void load();
  }, [path]);
  const revoke = async (row: Row) => {
    try {
      await services.api.request({
        method: 'DELETE',
        path: `${path}/${row.user_id}`,
        params: { kind: row.kind },
      });
      await load();
    } catch {
      // the API client showed the reason
    }
  };
  return (
    <section className="gf-chat__sanctions" aria-label={t('chat.mod.list')}>
      {rows === null && <div className="gf-chat__hint">{t('chat.loadingOlder')}</div>}
      {rows?.length === 0 && <div className="gf-chat__hint">{t('chat.mod.none')}</div>}
      {rows?.map((r) => (
        <div className="gf-chat__sanction" key={`${r.user_id}-${r.kind}`}>
          <span className="gf-chat__sanction-who">{r.nickname}</span>
          <span className="gf-chat__sanction-what">
            {t(`chat.mod.kind.${r.kind}`)} · {untilText(t, r.until)}
          </span>
          <button type="button" onClick={() => void revoke(r)}>
            {t('chat.mod.revoke')}
          </button>
        </div>
      ))}
    </section>
  );
}

/** The moderator's action sheet on a viewer's name: mute 10 min / 1 h / 24 h, ban, revoke. */
export async function moderate(
  services: ReturnType<typeof useEngineServices>,
  t: T,
  path: string,
  user: ChatMessage['user'],
) {
  const { ActionSheet, Toast } = await import('../overlays');
  const actions: { key: string; text: string; danger?: boolean; body?: Record<string, unknown> }[] = [
    { key: 'm10', text: t('chat.mod.mute10'), body: { kind: 'mute', minutes: 10 } },
    { key: 'm60', text: t('chat.mod.mute60'), body: { kind: 'mute', minutes: 60 } },
    { key: 'm1440', text: t('chat.mod.mute1440'), body: { kind: 'mute', minutes: 1440 } },
    { key: 'ban', text: t('chat.mod.ban'), danger: true, body: { kind: 'ban' } },
    { key: 'revoke', text: t('chat.mod.revoke') },
  ];
  const handler = ActionSheet.show({
    extra: t('chat.mod.about', { name: user.nickname }),
    actions: actions.map(({ key, text, danger }) => ({ key, text, danger })),
    cancelText: t('chat.cancel'),
    onAction: async (action) => {
      handler.close();
      const chosen = actions.find((a) => a.key === action.key);
      try {
        if (chosen?.body) {
          await services.api.request({
            method: 'POST',
            path,
            body: { user_id: user.id, ...chosen.body },
          });
          Toast.show({ content: t('chat.mod.done'), icon: 'success' });
        } else if (chosen) {
          await services.api.request({ method: 'DELETE', path: `${path}/${user.id}` });
          Toast.show({ content: t('chat.mod.revoked'), icon: 'success' });
        }
      } catch {
        // the API client already showed the reason
      }
    },
  });
}
