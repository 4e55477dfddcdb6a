/** recent-visits: records a visit on a page, or lists the stored visits as chips (see props.schema.json). */
import { useEffect, useState } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { Crest } from '../shared/crest';
import { asNumber, asText } from '../shared/css';
import { addVisit, isVisit, readVisits, type Visit, writeVisits } from './store';
import './recent-visits.css';

export interface RecentVisitsProps {
  storageKey?: unknown;
  max?: unknown;
  record?: unknown;
  emptyText?: unknown;
}

export default function RecentVisitsWidget({ props, emit }: WidgetProps<RecentVisitsProps>) {
  const storageKey = asText(props.storageKey) || 'recentVisits';
  const max = asNumber(props.max, 12);
  const record = isVisit(props.record) ? props.record : null;
  const recording = props.record !== undefined;
  const recordJson = record ? JSON.stringify(record) : '';
  const [list, setList] = useState<Visit[]>(() => (recording ? [] : readVisits(storageKey)));

  useEffect(() => {
    if (!recordJson) return;
    writeVisits(storageKey, addVisit(readVisits(storageKey), JSON.parse(recordJson) as Visit, max));
  }, [recordJson, storageKey, max]);

  // a kept-alive list page shows what was visited since it was first drawn
  useEffect(() => {
    if (recording) return;
    const refresh = () => setList(readVisits(storageKey));
    refresh();
    window.addEventListener('focus', refresh);
    window.addEventListener('hashchange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      window.removeEventListener('hashchange', refresh);
    };
  }, [recording, storageKey]);

  if (recording) return null;
  if (!list.length) {
    const text = asText(props.emptyText);
    return text ? <p className="gf-recent__empty">{text}</p> : null;
  }
  return (
    <ul className="gf-recent">
      {list.map((v) => (
        <li key={v.key}>
          <button type="button" className="gf-recent__chip" onClick={() => void emit('press', { item: v })}>
            <Crest name={v.title} color={v.color ?? ''} size={18} />
            <span>{v.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
