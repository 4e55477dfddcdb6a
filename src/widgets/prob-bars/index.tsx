/**
 * Side-by-side percentage bars (e.g. home win / draw / away win probabilities): each item a label, a
 * value in percent and an optional colour; the item whose `key` equals `highlight` is emphasised.
 */
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './prob-bars.css';

export interface ProbBarsProps {
  items?: { key?: string | number; label?: string; value?: number | string; color?: string }[];
  highlight?: string | number;
}

const COLORS = ['var(--adm-color-danger)', '#8c8c8c', 'var(--adm-color-primary)'];

export default function ProbBarsWidget({ props }: WidgetProps<ProbBarsProps>) {
  const items = (Array.isArray(props.items) ? props.items : []).filter((i) => i && typeof i === 'object');
  const highlight = asText(props.highlight);
  return (
    <div className="gf-prob-bars">
      {items.map((item, i) => {
        const v = Math.max(0, Math.min(100, Number(item.value) || 0));
        const on = highlight !== '' && asText(item.key) === highlight;
        return (
          <div
            key={asText(item.key) || i}
            className={on ? 'gf-prob-bars__item gf-prob-bars__item--on' : 'gf-prob-bars__item'}
          >
            <div className="gf-prob-bars__top">
              <span>{asText(item.label)}</span>
              <strong>{Math.round(v)}%</strong>
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: a styled bar; <meter> cannot be coloured per item across browsers */}
            <div
              className="gf-prob-bars__track"
              role="meter"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(v)}
              aria-label={asText(item.label)}
            >
              <div
                className="gf-prob-bars__fill"
                style={{ width: `${v}%`, background: asText(item.color) || COLORS[i % COLORS.length] }}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}
