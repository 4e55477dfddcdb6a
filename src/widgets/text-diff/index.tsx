import { useMemo } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';
import { type Cell, diffRows, hasChanges } from './rows';
import './text-diff.css';

export interface TextDiffProps {
  before?: string;
  after?: string;
  beforeTitle?: string;
  afterTitle?: string;
  context?: number;
  emptyText?: string;
}

function Side({ cell }: { cell: Cell | null }) {
  if (!cell) return <td className="gf-diff__cell gf-diff__cell--none" colSpan={2} />;
  return (
    <>
      <td className={`gf-diff__n gf-diff__n--${cell.kind}`}>{cell.n}</td>
      <td className={`gf-diff__cell gf-diff__cell--${cell.kind}`}>{cell.text}</td>
    </>
  );
}

/** Two texts side by side, line by line (the console's version diff); text is rendered inert. */
export default function TextDiffWidget({ props }: WidgetProps<TextDiffProps>) {
  const before = asText(props.before);
  const after = asText(props.after);
  const context = Math.max(0, asNumber(props.context, 3));
  const rows = useMemo(() => diffRows(before, after, context), [before, after, context]);
  if (!hasChanges(rows)) return <div className="gf-diff gf-diff--empty">{asText(props.emptyText)}</div>;
  return (
    <div className="gf-diff">
      <table className="gf-diff__table">
        <colgroup>
          <col className="gf-diff__ncol" />
          <col />
          <col className="gf-diff__ncol" />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th colSpan={2}>{asText(props.beforeTitle)}</th>
            <th colSpan={2}>{asText(props.afterTitle)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) =>
            'fold' in r ? (
              <tr key={i} className="gf-diff__fold">
                <td colSpan={4}>⋯ {r.fold}</td>
              </tr>
            ) : (
              <tr key={i}>
                <Side cell={r.left} />
                <Side cell={r.right} />
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
