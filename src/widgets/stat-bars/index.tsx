import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { sideColors } from '../shared/team-color';
import { homeShare, toStatRows } from './stats';
import './stat-bars.css';

export interface StatBarsProps {
  stats?: unknown;
  /** which statistics to show, in this order (default: all, in the usual order) */
  keys?: unknown;
  homeColor?: unknown;
  awayColor?: unknown;
}

/** Two-sided bars: the home share grows from the centre to the left, the away share to the right. */
export default function StatBarsWidget({ props }: WidgetProps<StatBarsProps>) {
  const { t } = useTranslation();
  const keys = Array.isArray(props.keys) ? props.keys.map(String) : undefined;
  const rows = toStatRows(props.stats, keys);
  // a white away kit on the white card would draw an invisible bar
  const [home, away] = sideColors(props.homeColor, props.awayColor);
  if (!rows.length) return <p className="gf-stats__empty">{t('match.stat.empty')}</p>;
  return (
    <ul className="gf-stats">
      {rows.map((r) => {
        // 0 : 0 draws two empty tracks rather than a misleading even split
        const empty = r.home + r.away === 0;
        const share = homeShare(r);
        const pct = r.key === 'possession';
        const lead = r.home === r.away ? '' : r.home > r.away ? 'home' : 'away';
        return (
          <li key={r.key} className="gf-stats__row" data-key={r.key}>
            <div className="gf-stats__numbers">
              <span className={lead === 'home' ? 'gf-stats__lead' : undefined}>
                {r.home}
                {pct ? '%' : ''}
              </span>
              <span className="gf-stats__label">{t(`match.stat.${r.key}`, { defaultValue: r.key })}</span>
              <span className={lead === 'away' ? 'gf-stats__lead' : undefined}>
                {r.away}
                {pct ? '%' : ''}
              </span>
            </div>
            <div className="gf-stats__bar" aria-hidden="true">
              <div className="gf-stats__half gf-stats__half--home">
                <i style={{ width: empty ? 0 : `${share}%`, background: home }} />
              </div>
              <div className="gf-stats__half">
                <i style={{ width: empty ? 0 : `${100 - share}%`, background: away }} />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
