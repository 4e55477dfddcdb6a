import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './coming-soon.css';

export interface ComingSoonProps {
  title?: unknown;
}

/**
 * Honest placeholder for screens that are routed but not built yet: says so instead of faking content.
 * Own markup instead of antd-mobile's ErrorBlock, which bundles all four of its ~8 KB illustrations and
 * sits on the first screen (#/match).
 */
export default function ComingSoonWidget({ props }: WidgetProps<ComingSoonProps>) {
  const { t } = useTranslation();
  const title = asText(props.title);
  return (
    <div className="gf-coming-soon">
      <svg className="gf-coming-soon__art" viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="var(--adm-color-wathet, #e6f4ee)" />
        <circle
          cx="48"
          cy="48"
          r="26"
          fill="none"
          stroke="var(--adm-color-primary, #087a4e)"
          strokeWidth="4"
        />
        <path
          d="M48 32v16l11 7"
          fill="none"
          stroke="var(--adm-color-primary, #087a4e)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="gf-coming-soon__title">{title || t('common.comingSoon')}</p>
      {title ? <p className="gf-coming-soon__description">{t('common.comingSoon')}</p> : null}
    </div>
  );
}
