/**
 * A search page's top: back arrow, keyword input and search button; below it (unless `compact`) the
 * recent searches (kept locally, clearable) and hot searches (`hot`, e.g. from the server). Searching
 * (button, Enter, tapping a chip) records the keyword and emits `search` with {result: keyword}.
 */
import { Dialog } from 'antd-mobile';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineServices } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText, flagOn } from '../shared/css';
import { addToHistory, readHistory } from './history';
import './search-panel.css';

export interface SearchPanelProps {
  keyword?: string;
  placeholder?: string;
  /** hot keywords (strings) */
  hot?: unknown[];
  /** session field holding the history (default historyList, cleared on logout) */
  historyKey?: string;
  historyMax?: number;
  /** only the search bar (result pages) */
  compact?: boolean;
  /** where the back arrow goes without history */
  backTo?: string;
  autoFocus?: boolean;
}

export default function SearchPanelWidget({ props, emit }: WidgetProps<SearchPanelProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const historyKey = asText(props.historyKey) || 'historyList';
  const max = asNumber(props.historyMax, 10);
  const [text, setText] = useState(asText(props.keyword));
  const [history, setHistory] = useState(() => readHistory(historyKey));
  const hot = (Array.isArray(props.hot) ? props.hot : []).map(asText).filter(Boolean);

  const save = (list: string[]) => {
    setHistory(list);
    services.session.set({ [historyKey]: list.length ? list : null });
  };

  const search = (keyword: string) => {
    const k = keyword.trim();
    if (!k) return;
    setText(k);
    save(addToHistory(history, k, max));
    void emit('search', { result: k });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    search(text);
  };

  const clear = async () => {
    const yes = await Dialog.confirm({
      content: t('widget.search.clearConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (yes) save([]);
  };

  const placeholder = asText(props.placeholder) || t('widget.search.placeholder');
  return (
    <div className="gf-search-panel">
      <form className="gf-search-panel__bar" onSubmit={submit}>
        <button
          type="button"
          className="gf-search-panel__back"
          aria-label={t('common.back')}
          onClick={() => services.back(asText(props.backTo) || undefined)}
        >
          <span className="gf-back-chevron" aria-hidden />
        </button>
        <label className="gf-search-panel__field">
          <SearchOutline aria-hidden />
          <input
            type="search"
            enterKeyHint="search"
            value={text}
            maxLength={30}
            placeholder={placeholder}
            aria-label={placeholder}
            // biome-ignore lint/a11y/noAutofocus: a search page exists to type into
            autoFocus={flagOn(props.autoFocus, false)}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="gf-search-panel__go" disabled={!text.trim()}>
          {t('widget.search.go')}
        </button>
      </form>
      {flagOn(props.compact, false) ? null : (
        <div className="gf-search-panel__body">
          {history.length ? (
            <section className="gf-search-panel__section" aria-label={t('widget.search.history')}>
              <div className="gf-search-panel__head">
                <h2>{t('widget.search.history')}</h2>
                <button
                  type="button"
                  className="gf-search-panel__clear"
                  aria-label={t('widget.search.clear')}
                  onClick={() => void clear()}
                >
                  <DeleteOutline aria-hidden />
                </button>
              </div>
              <div className="gf-search-panel__chips">
                {history.map((k) => (
                  <button key={k} type="button" className="gf-search-panel__chip" onClick={() => search(k)}>
                    {k}
                  </button>
                ))}
              </div>
            </section>
          ) : null}
          {hot.length ? (
            <section className="gf-search-panel__section" aria-label={t('widget.search.hot')}>
              <div className="gf-search-panel__head">
                <h2>{t('widget.search.hot')}</h2>
              </div>
              <ol className="gf-search-panel__hot">
                {hot.map((k, i) => (
                  <li key={k}>
                    <button type="button" onClick={() => search(k)}>
                      <span
                        className={
                          i < 3 ? 'gf-search-panel__rank gf-search-panel__rank--top' : 'gf-search-panel__rank'
                        }
                      >
                        {i + 1}
                      </span>
                      {k}
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
      )}
    </div>
  );
}
