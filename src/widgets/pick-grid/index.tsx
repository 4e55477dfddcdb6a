/**
 * pick-grid: the plan publish steps that generic widgets cannot express.
 *  - mode "select": lottery + play type chips, then the lottery's match list (jczq / bjdc / ctzc issue)
 *    to tick matches on;
 *  - mode "pick": the ticked matches with every option of the play and its odds (as the server would
 *    record them) to tick picks on.
 * The draft lives in session[draftKey] so the three publish screens share it; "next" runs the spec §5
 * checks with the limits of screens/rules.json and shows the same message the server would answer.
 */
import { useEffect, useMemo, useState } from 'react';
import { checkMatches, checkPicks, type PlanDraft } from '../../../contracts/plan-rules';
import { type Lottery, PLAY_TYPES } from '../../../contracts/play-types';
import { planRules } from '../../../contracts/rules';
import { showToast } from '../../engine/actions/ui';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { currentRules } from '../../engine/globals';
import { useEngineServices } from '../../engine/services';
import './pick-grid.css';

export interface PickGridProps {
  mode?: 'select' | 'pick' | 'summary';
  /** summary mode: the screen form whose lottery / play_type / matches fields get the draft */
  form?: string;
  draftKey?: string;
  nextTo?: string;
  nextText?: string;
}

interface MatchLite {
  id: number;
  league_short?: string;
  league_name?: string;
  home_short?: string;
  home_name?: string;
  away_short?: string;
  away_name?: string;
  start_ms?: number;
  jczq_num?: string | null;
  bjdc_num?: string | null;
}

type Draft = PlanDraft & { matches?: MatchLite[]; odds?: unknown; payload_matches?: unknown[] };

const LIST_PATH: Record<string, string> = {
  jczq: '/mdr/api/v1/jczq/matches',
  bjdc: '/mdr/api/v1/bjdc-sf/matches',
  ctzc: '/mdr/api/v1/ctzc/matches',
};

// the registry loads the rules with this chunk (src/widgets/index.ts)
let limits: ReturnType<typeof planRules> | undefined;
const rules = () => (limits ??= planRules(currentRules()));

/**
 * The draft is written through the session store (which persists each key in localStorage under its
 * own name); the engine's session view only carries the login fields, so it is read back from there.
 */
function readDraft(key: string): Draft | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

/** summary mode: fills the publish form's hidden fields from the draft and lists the picks. */
function Summary({ form, draftKey }: { form: string; draftKey: string }) {
  const { t } = useEngineServices();
  const draft = useMemo(() => readDraft(draftKey) ?? {}, [draftKey]);
  const lottery = useField(form, 'lottery');
  const play = useField(form, 'play_type');
  const matches = useField(form, 'matches');
  // biome-ignore lint/correctness/useExhaustiveDependencies: copy the draft into the form once, on mount
  useEffect(() => {
    if (draft.lottery) lottery.setValue(draft.lottery);
    if (draft.play_type) play.setValue(draft.play_type);
    matches.setValue(draft.payload_matches ?? []);
  }, [draft]);
  const playType = draft.play_type ?? 'spf';
  return (
    <div className="gf-pick gf-pick--summary">
      <div className="gf-pick__title">
        {t(`experts.lottery.${draft.lottery ?? 'jczq'}`)} · {t(`experts.play.${playType}`)}
      </div>
      {(draft.matches ?? []).map((m) => (
        <div className="gf-pick__hint gf-pick__line" key={m.id}>
          {m.home_short ?? m.home_name} {t('experts.publish.vs')} {m.away_short ?? m.away_name}:{' '}
          {(draft.picks?.[String(m.id)] ?? []).map((o) => optionLabel(playType, o, t)).join(' / ')}
        </div>
      ))}
    </div>
  );
}

function when(ms?: number) {
  if (!ms) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export default function PickGridWidget({ props }: WidgetProps<PickGridProps>) {
  if (props.mode === 'summary')
    return <Summary form={props.form ?? 'publish'} draftKey={props.draftKey ?? 'planDraft'} />;
  return <PickSteps props={props} />;
}

function PickSteps({ props }: { props: PickGridProps }) {
  const services = useEngineServices();
  const { t } = services;
  const key = props.draftKey ?? 'planDraft';
  const [draft, setDraftState] = useState<Draft>(
    () =>
      ((services.session.get() as unknown as Record<string, unknown>)[key] as Draft | undefined) ?? {
        lottery: 'jczq',
        play_type: 'spf',
      },
  );
  const setDraft = (d: Draft) => {
    // the publish request's `matches` field, ready for the last step's form
    const payload = (d.match_ids ?? []).map((id) => ({ match_id: id, picks: d.picks?.[String(id)] ?? [] }));
    const next = { ...d, payload_matches: payload };
    setDraftState(next);
    services.session.set({ [key]: next });
  };
  // re-read on mount and per step: a kept-alive step may have been created before the last one wrote
  // biome-ignore lint/correctness/useExhaustiveDependencies: props.mode is the step; re-reading per step is the point
  useEffect(() => {
    const stored = readDraft(key);
    if (stored) setDraftState(stored);
  }, [key, props.mode]);
  const [list, setList] = useState<MatchLite[] | null>(null);
  const [odds, setOdds] = useState<Record<string, Record<string, number>>>({});
  const mode = props.mode ?? 'select';
  const lottery = (draft.lottery ?? 'jczq') as Lottery;
  const play = draft.play_type ?? PLAY_TYPES[lottery][0];

  useEffect(() => {
    if (mode !== 'select') return;
    setList(null);
    services.api
      .request<{ list?: MatchLite[] }>({
        method: 'GET',
        path: LIST_PATH[lottery],
        params: { page: 1, size: 100 },
      })
      .then((r) => setList(r?.list ?? []))
      .catch(() => setList([]));
  }, [mode, lottery, services.api]);

  const ids = draft.match_ids ?? [];
  const idKey = ids.join(',');
  useEffect(() => {
    if (mode !== 'pick' || !idKey) return;
    services.api
      .request<{ list: { match_id: number; odds: Record<string, number> }[] }>({
        method: 'GET',
        path: '/mdr/api/v1/user/expert-plan/odds',
        params: { play_type: play, match_ids: idKey },
      })
      .then((r) => setOdds(Object.fromEntries(r.list.map((x) => [String(x.match_id), x.odds]))))
      .catch(() => setOdds({}));
  }, [mode, idKey, play, services.api]);

  const chosen = useMemo(() => new Set(ids), [ids]);
  const next = () => {
    const code = mode === 'select' ? checkMatches(draft, rules()) : checkPicks(draft, odds, rules());
    if (code) {
      showToast(t(`errors.${code}`), 'fail');
      return;
    }
    if (mode === 'pick') setDraft({ ...draft, odds });
    if (props.nextTo) services.navigate(props.nextTo);
  };

  const teams = (m: MatchLite) =>
    `${m.home_short ?? m.home_name ?? ''} ${t('experts.publish.vs')} ${m.away_short ?? m.away_name ?? ''}`;

  return (
    <div className="gf-pick">
      {mode === 'select' && (
        <>
          <div className="gf-pick__chips" role="tablist">
            {(Object.keys(PLAY_TYPES) as Lottery[]).map((l) => (
              <button
                type="button"
                key={l}
                role="tab"
                aria-selected={l === lottery}
                className={l === lottery ? 'is-on' : ''}
                onClick={() =>
                  setDraft({ lottery: l, play_type: PLAY_TYPES[l][0], match_ids: [], picks: {}, matches: [] })
                }
              >
                {t(`experts.lottery.${l}`)}
              </button>
            ))}
          </div>
          <div className="gf-pick__chips gf-pick__chips--small">
            {PLAY_TYPES[lottery].map((p) => (
              <button
                type="button"
                key={p}
                aria-pressed={p === play}
                className={p === play ? 'is-on' : ''}
                onClick={() => setDraft({ ...draft, play_type: p, picks: {} })}
              >
                {t(`experts.play.${p}`)}
              </button>
            ))}
          </div>
          {list === null && <div className="gf-pick__hint">{t('common.loading')}</div>}
          {list?.length === 0 && <div className="gf-pick__hint">{t('experts.publish.noMatches')}</div>}
          {list?.map((m) => {
            const on = chosen.has(m.id);
            return (
              <button
                type="button"
                key={m.id}
                aria-pressed={on}
                data-testid={`pick-match-${m.id}`}
                className={`gf-pick__match ${on ? 'is-on' : ''}`}
                onClick={() => {
                  const nextIds = on ? ids.filter((x) => x !== m.id) : [...ids, m.id];
                  const matches = (list ?? []).filter((x) => nextIds.includes(x.id));
                  setDraft({ ...draft, match_ids: nextIds, matches });
                }}
              >
                <span className="gf-pick__num">{m.jczq_num ?? m.bjdc_num ?? ''}</span>
                <span className="gf-pick__league">{m.league_short ?? m.league_name}</span>
                <span className="gf-pick__teams">{teams(m)}</span>
                <span className="gf-pick__time">{when(m.start_ms)}</span>
              </button>
            );
          })}
          <div className="gf-pick__hint">{t('experts.publish.chosen', { n: ids.length })}</div>
        </>
      )}
      {mode === 'pick' &&
        (draft.matches ?? []).map((m) => {
          const table = odds[String(m.id)] ?? {};
          const picks = draft.picks?.[String(m.id)] ?? [];
          return (
            <div className="gf-pick__block" key={m.id}>
              <div className="gf-pick__title">
                {m.league_short ?? m.league_name} · {teams(m)} · {when(m.start_ms)}
              </div>
              <div className="gf-pick__options">
                {Object.entries(table)
                  .sort(([a], [b]) => order(play, a) - order(play, b))
                  .map(([opt, odd]) => {
                    const on = picks.includes(opt);
                    return (
                      <button
                        type="button"
                        key={opt}
                        aria-pressed={on}
                        data-testid={`pick-${m.id}-${opt}`}
                        className={on ? 'is-on' : ''}
                        onClick={() => {
                          const nextPicks = on ? picks.filter((p) => p !== opt) : [...picks, opt];
                          setDraft({
                            ...draft,
                            picks: { ...(draft.picks ?? {}), [String(m.id)]: nextPicks },
                          });
                        }}
                      >
                        <span>{optionLabel(play, opt, t)}</span>
                        <small>{odd.toFixed(2)}</small>
                      </button>
                    );
                  })}
              </div>
            </div>
          );
        })}
      <button type="button" className="gf-pick__next" onClick={next} data-testid="pick-next">
        {props.nextText ? String(props.nextText) : t('experts.publish.next')}
      </button>
    </div>
  );
}

/** Slip order: home win, draw, away win (numeric-looking keys would otherwise sort 0, 1, 3). */
function order(play: string, opt: string): number {
  if (play === 'zjq') return Number(opt);
  const wdl = ['3', '1', '0'];
  return wdl.includes(opt) ? wdl.indexOf(opt) : 0;
}

/** 3 home win, 1 draw, 0 away win; half/full time "3-1"; goals "N"; scores "2:1" (9 = any other). */
function optionLabel(
  play: string,
  opt: string,
  t: (k: string, a?: Record<string, unknown>) => string,
): string {
  const wdl = (o: string) => t(`experts.opt.${o}`);
  if (play === 'bqc') return opt.split('-').map(wdl).join('/');
  if (play === 'zjq') return opt === '7' ? t('experts.opt.goals7') : t('experts.opt.goals', { n: opt });
  if (play === 'bf') {
    if (opt === '9:0') return t('experts.opt.otherHome');
    if (opt === '9:9') return t('experts.opt.otherDraw');
    if (opt === '0:9') return t('experts.opt.otherAway');
    return opt;
  }
  return wdl(opt);
}
