/**
 * A filter button that opens a bottom sheet of options to tick (e.g. the leagues of the current match
 * tab with their counts). "All" clears the choice; confirming writes the chosen values to
 * state[stateKey] (an empty array means no filter) and emits change ({result: values}).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './filter-sheet.css';

export interface FilterSheetProps {
  options?: Record<string, unknown>[];
  valueKey?: string;
  labelKey?: string;
  countKey?: string;
  colorKey?: string;
  /** chosen values; empty = all */
  value?: unknown[];
  stateKey?: string;
  title?: string;
  /** accessible name of the button */
  label?: string;
}

const FilterSheetBody = lazy(() => import('./sheet'));

export default function FilterSheetWidget({ props, run, emit }: WidgetProps<FilterSheetProps>) {
  const { t } = useTranslation();
  const options = Array.isArray(props.options) ? props.options.filter((o) => o && typeof o === 'object') : [];
  const valueKey = asText(props.valueKey) || 'id';
  const labelKey = asText(props.labelKey) || 'name';
  const countKey = asText(props.countKey) || 'count';
  const colorKey = asText(props.colorKey);
  const value = Array.isArray(props.value) ? props.value : [];
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<unknown[]>([]);

  const show = () => {
    setDraft(value.length ? value : options.map((o) => o[valueKey]));
    setOpen(true);
  };

  const confirm = (allOn: boolean) => {
    // everything ticked is the same as no filter (new leagues appearing later stay visible)
    const next = allOn ? [] : draft;
    setOpen(false);
    const stateKey = asText(props.stateKey);
    void (async () => {
      if (stateKey) await run([{ type: 'setState', path: stateKey, value: next }]);
      await emit('change', { result: next });
    })();
  };

  const title = asText(props.title) || t('widget.filter.title');
  return (
    <>
      <button
        type="button"
        className="gf-filter-sheet__trigger"
        aria-label={asText(props.label) || title}
        onClick={show}
      >
        {/* inline funnel: an icon chunk would cost the first screen another request */}
        <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
          <path
            d="M3 5h18l-7 8v6l-4-2v-4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {value.length ? <span className="gf-filter-sheet__dot">{value.length}</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FilterSheetBody
            title={title}
            options={options}
            valueKey={valueKey}
            labelKey={labelKey}
            countKey={countKey}
            colorKey={colorKey}
            draft={draft}
            setDraft={setDraft}
            onClose={() => setOpen(false)}
            onConfirm={confirm}
          />
        </Suspense>
      ) : null}
    </>
  );
}
