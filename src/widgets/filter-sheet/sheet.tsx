/**
 * The open filter sheet: loaded only when the filter button is pressed, so the match tab's first load
 * carries just the button (index.tsx).
 */
import { useTranslation } from 'react-i18next';
import { asText } from '../shared/css';

const same = (a: unknown, b: unknown) => String(a) === String(b);

export interface SheetProps {
  title: string;
  options: Record<string, unknown>[];
  valueKey: string;
  labelKey: string;
  countKey: string;
  colorKey: string;
  draft: unknown[];
  setDraft(next: unknown[] | ((d: unknown[]) => unknown[])): void;
  onClose(): void;
  onConfirm(allOn: boolean): void;
}

export default function FilterSheetBody(p: SheetProps) {
  const { t } = useTranslation();
  const { options, valueKey, labelKey, countKey, colorKey, draft, setDraft, title } = p;
  const toggle = (v: unknown) =>
    setDraft((d) => (d.some((x) => same(x, v)) ? d.filter((x) => !same(x, v)) : [...d, v]));
  const allOn = options.length > 0 && options.every((o) => draft.some((x) => same(x, o[valueKey])));
  const total = options.reduce((n, o) => n + (Number(o[countKey]) || 0), 0);
  const chosenCount = options
    .filter((o) => draft.some((x) => same(x, o[valueKey])))
    .reduce((n, o) => n + (Number(o[countKey]) || 0), 0);
  return (
    <>
      <div className="gf-filter-sheet__mask" onClick={p.onClose} aria-hidden="true" />
      <div className="gf-filter-sheet" role="dialog" aria-modal="true" aria-label={title}>
        <div className="gf-filter-sheet__head">
          <h2>{title}</h2>
          <span className="gf-filter-sheet__summary">
            {t('widget.filter.summary', { n: chosenCount, total })}
          </span>
        </div>
        <div className="gf-filter-sheet__options">
          {options.map((o) => {
            const v = o[valueKey];
            const on = draft.some((x) => same(x, v));
            const color = colorKey ? asText(o[colorKey]) : '';
            return (
              <button
                key={String(v)}
                type="button"
                aria-pressed={on}
                className={on ? 'gf-filter-sheet__opt gf-filter-sheet__opt--on' : 'gf-filter-sheet__opt'}
                onClick={() => toggle(v)}
              >
                {color ? <span className="gf-filter-sheet__swatch" style={{ background: color }} /> : null}
                <span className="gf-filter-sheet__label">{asText(o[labelKey])}</span>
                {o[countKey] !== undefined ? (
                  <span className="gf-filter-sheet__count">{asText(o[countKey])}</span>
                ) : null}
              </button>
            );
          })}
        </div>
        <div className="gf-filter-sheet__actions">
          <button type="button" onClick={() => setDraft(options.map((o) => o[valueKey]))}>
            {t('widget.filter.all')}
          </button>
          <button type="button" onClick={() => setDraft([])}>
            {t('widget.filter.none')}
          </button>
          <button
            type="button"
            className="gf-filter-sheet__ok"
            disabled={draft.length === 0}
            onClick={() => p.onConfirm(allOn)}
          >
            {t('common.confirm')}
          </button>
        </div>
      </div>
    </>
  );
}
