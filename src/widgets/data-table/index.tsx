/** data-table: a compact table of rows from config (league tables, scorer lists); see props.schema.json. */
import type { WidgetProps } from '../../engine/contract';
import { Crest } from '../shared/crest';
import { asText } from '../shared/css';
import './data-table.css';

export interface DataTableColumn {
  field: string;
  title?: string;
  width?: number;
  align?: 'left' | 'center' | 'right';
  strong?: boolean;
  crestName?: string;
  crestColor?: string;
}

export interface DataTableProps {
  rows?: unknown;
  columns?: unknown;
  marker?: unknown;
  rowKey?: unknown;
  label?: unknown;
}

/** a row's value at a dotted path ("team.name"); undefined when any step is missing */
export function pick(row: unknown, path: string): unknown {
  let v: unknown = row;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

const isColumn = (c: unknown): c is DataTableColumn =>
  !!c && typeof c === 'object' && typeof (c as DataTableColumn).field === 'string';

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i;

export default function DataTableWidget({ node, props, emit }: WidgetProps<DataTableProps>) {
  const rows = Array.isArray(props.rows) ? props.rows : [];
  const columns = (Array.isArray(props.columns) ? props.columns : []).filter(isColumn);
  const marker = asText(props.marker);
  const rowKey = asText(props.rowKey);
  const pressable = !!node.on?.press;
  if (!columns.length) return null;
  return (
    <table className="gf-dtable" aria-label={asText(props.label) || undefined}>
      <colgroup>
        {marker ? <col style={{ width: 4 }} /> : null}
        {columns.map((c) => (
          <col key={c.field} style={c.width ? { width: c.width } : undefined} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {marker ? <td /> : null}
          {columns.map((c) => (
            <th key={c.field} scope="col" style={{ textAlign: c.align ?? 'center' }}>
              {c.title ?? ''}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const key = rowKey ? asText(pick(row, rowKey)) || String(i) : String(i);
          const color = marker ? asText(pick(row, marker)) : '';
          const press = pressable ? () => void emit('press', { item: row, index: i }) : undefined;
          return (
            <tr
              key={key}
              className={pressable ? 'gf-dtable__row gf-dtable__row--press' : 'gf-dtable__row'}
              onClick={press}
              onKeyDown={
                press
                  ? (e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        press();
                      }
                    }
                  : undefined
              }
              tabIndex={press ? 0 : undefined}
              role={press ? 'link' : undefined}
            >
              {marker ? (
                <td
                  className="gf-dtable__marker"
                  style={SAFE_COLOR.test(color) ? { background: color } : undefined}
                  aria-hidden="true"
                />
              ) : null}
              {columns.map((c) => {
                const v = pick(row, c.field);
                const text = v === null || v === undefined || v === '' ? '–' : asText(v);
                return (
                  <td
                    key={c.field}
                    className={c.strong ? 'gf-dtable__strong' : undefined}
                    style={{ textAlign: c.align ?? 'center' }}
                  >
                    {c.crestName ? (
                      <span className="gf-dtable__lead">
                        <Crest
                          name={asText(pick(row, c.crestName))}
                          color={c.crestColor ? asText(pick(row, c.crestColor)) : ''}
                          size={18}
                        />
                        <span className="gf-dtable__text">{text}</span>
                      </span>
                    ) : (
                      text
                    )}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
