import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import {
  asMarket,
  lineValues,
  MARKET_FIELDS,
  type Market,
  type Move,
  movement,
  type OddsRow,
  rowsOf,
} from './odds';
import './odds-table.css';

export interface OddsTableProps {
  /** odds rows (list or {eu, asia, ou}); in history mode a list of {at|time|changed_at, ...line} */
  odds?: unknown;
  market?: 'eu' | 'asia' | 'ou';
  /** 'latest' (default): opening vs live per bookmaker; 'history': every change of one bookmaker;
   *  'bookmakers': a tab strip of the bookmakers in `odds` (on.press gets {item}) */
  mode?: 'latest' | 'history' | 'bookmakers';
  /** bookmakers mode: the selected bookmaker code */
  selected?: unknown;
}

export function MoveValue({ value, move }: { value: string; move: Move }) {
  return (
    <span className={`gf-odds__v${move ? ` gf-odds__v--${move}` : ''}`} data-move={move || undefined}>
      {value || '-'}
      {move === 'up' ? <b aria-hidden="true">↑</b> : move === 'down' ? <b aria-hidden="true">↓</b> : null}
    </span>
  );
}

function Head({ market, first, tag }: { market: Market; first: string; tag?: boolean }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {MARKET_FIELDS[market].map((f) => (
          <th key={f} scope="col">
            {t(`match.odds.col.${market}.${f}`)}
          </th>
        ))}
        {tag ? <td className="gf-odds__tag" /> : null}
      </tr>
    </thead>
  );
}

const cells = (values: string[], market: Market, moves?: Move[]) =>
  values.map((v, i) => (
    <td key={MARKET_FIELDS[market][i]}>
      <MoveValue value={v} move={moves?.[i] ?? ''} />
    </td>
  ));

export default function OddsTableWidget({ node, props, emit }: WidgetProps<OddsTableProps>) {
  const { t } = useTranslation();
  const market = asMarket(props.market);
  if (props.mode === 'history') return <History odds={props.odds} market={market} />;
  if (props.mode === 'bookmakers') {
    return (
      <Bookmakers
        odds={props.odds}
        selected={asText(props.selected)}
        onPick={(r) => void emit('press', { item: r })}
      />
    );
  }
  const rows = rowsOf(props.odds, market);
  if (!rows.length) return <p className="gf-odds__empty">{t('match.odds.empty')}</p>;
  const pressable = !!node.on?.press;
  return (
    <table className="gf-odds" aria-label={t(`match.odds.market.${market}`)}>
      <Head market={market} first={t('match.odds.bookmaker')} tag />
      {rows.map((r: OddsRow) => {
        const open = lineValues(r.opening, market);
        const live = lineValues(r.current, market);
        const before = r.previous ? lineValues(r.previous, market) : open;
        const name = asText(r.bookmaker_name) || r.bookmaker;
        return (
          <tbody key={r.bookmaker} className="gf-odds__book" data-bookmaker={r.bookmaker}>
            <tr>
              <th scope="row" rowSpan={2} className="gf-odds__name">
                {pressable ? (
                  <button type="button" onClick={() => void emit('press', { item: r })}>
                    {name}
                    <span aria-hidden="true"> ›</span>
                  </button>
                ) : (
                  name
                )}
              </th>
              {cells(open, market)}
              <td className="gf-odds__tag">{t('match.odds.opening')}</td>
            </tr>
            <tr className="gf-odds__live">
              {cells(
                live,
                market,
                live.map((v, i) => movement(before[i], v)),
              )}
              <td className="gf-odds__tag">{t('match.odds.live')}</td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}

/** One tab per bookmaker (the odds list has a row per bookmaker and market). */
function Bookmakers({
  odds,
  selected,
  onPick,
}: {
  odds: unknown;
  selected: string;
  onPick: (r: OddsRow) => void;
}) {
  const src = (odds as { list?: unknown })?.list ?? odds;
  const seen = new Map<string, OddsRow>();
  for (const r of Array.isArray(src) ? src : [])
    if (r?.bookmaker && !seen.has(r.bookmaker)) seen.set(r.bookmaker, r);
  return (
    <div className="gf-odds__books" role="tablist">
      {[...seen.values()].map((r) => (
        <button
          key={r.bookmaker}
          type="button"
          role="tab"
          aria-selected={r.bookmaker === selected}
          className={r.bookmaker === selected ? 'gf-odds__bk gf-odds__bk--on' : 'gf-odds__bk'}
          onClick={() => onPick(r)}
        >
          {asText(r.bookmaker_name) || r.bookmaker}
        </button>
      ))}
    </div>
  );
}

interface HistoryRow {
  at_ms?: number;
  at?: string;
  time?: string;
  changed_at?: string;
  minute?: number;
  [k: string]: unknown;
}

function timeOf(r: HistoryRow): string {
  const raw = r.at_ms ?? r.at ?? r.changed_at ?? r.time;
  if (!raw) return '';
  const d = new Date(typeof raw === 'number' ? raw : String(raw));
  if (Number.isNaN(d.getTime())) return String(raw);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Newest change first; each value's arrow compares it with the change before it. */
function History({ odds, market }: { odds: unknown; market: Market }) {
  const { t } = useTranslation();
  const src = (odds as { list?: unknown })?.list ?? odds;
  const all = (Array.isArray(src) ? src : []).filter((r) => r && typeof r === 'object') as HistoryRow[];
  // rows carry every market ({eu, asia, ou}) or just one line; keep only the rows where this market moved
  const valuesOf = (r: HistoryRow) => lineValues(r[market] ?? r.line ?? r.values ?? r, market);
  const list = all.filter(
    (r, i) => i + 1 >= all.length || valuesOf(r).join() !== valuesOf(all[i + 1]).join(),
  );
  const lines = list.map(valuesOf);
  if (!list.length) return <p className="gf-odds__empty">{t('match.odds.empty')}</p>;
  return (
    <table className="gf-odds gf-odds--history" aria-label={t(`match.odds.market.${market}`)}>
      <Head market={market} first={t('match.odds.time')} />
      <tbody>
        {list.map((r, i) => (
          <tr key={`${timeOf(r)}-${i}`}>
            <th scope="row" className="gf-odds__name">
              {r.minute != null ? <b>{`${r.minute}'`}</b> : null}
              <small>{timeOf(r)}</small>
            </th>
            {cells(
              lines[i],
              market,
              lines[i].map((v, j) => (i + 1 < lines.length ? movement(lines[i + 1][j], v) : '')),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
