import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetProps } from '../test-utils/widget-props';
import DataTableWidget, { pick } from '.';

afterEach(cleanup);

const rows = [
  {
    team_id: 1,
    rank: 1,
    team_name: '阿仙奴',
    team_short: '阿仙',
    team_color: '#EF0107',
    points: 30,
    zone_color: '#1a56db',
  },
  {
    team_id: 2,
    rank: 2,
    team_name: '<img src=x onerror=alert(1)>',
    team_short: 'X',
    team_color: 'red',
    points: null,
    zone_color: 'url(javascript:x)',
  },
];
const columns = [
  { field: 'rank', title: '#', width: 26 },
  { field: 'team_name', title: '球隊', align: 'left', crestName: 'team_short', crestColor: 'team_color' },
  { field: 'points', title: '積分', strong: true },
];

describe('data-table', () => {
  it('draws a row per item, a heading per column, an en dash for missing values, text inert', () => {
    const { container } = render(
      <DataTableWidget {...widgetProps({ rows, columns, marker: 'zone_color', rowKey: 'team_id' })} />,
    );
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['#', '球隊', '積分']);
    const trs = container.querySelectorAll('tbody tr');
    expect(trs).toHaveLength(2);
    expect(trs[0].textContent).toContain('阿仙奴');
    expect(trs[1].textContent).toContain('–');
    expect(container.querySelector('img')).toBeNull();
    const markers = container.querySelectorAll<HTMLElement>('.gf-dtable__marker');
    expect(markers[0].style.background).not.toBe('');
    expect(markers[1].style.background).toBe('');
  });

  it('emits press with the row when bound, and rows are not links otherwise', () => {
    const bound = widgetProps({ rows, columns }, { on: { press: [{ type: 'back' }] } });
    const { container } = render(<DataTableWidget {...bound} />);
    fireEvent.click(container.querySelectorAll('tbody tr')[0]);
    expect(bound.emit).toHaveBeenCalledWith('press', { item: rows[0], index: 0 });
    cleanup();
    const { container: plain } = render(<DataTableWidget {...widgetProps({ rows, columns })} />);
    expect(plain.querySelector('[role="link"]')).toBeNull();
  });

  it('reads dotted paths and survives garbage', () => {
    expect(pick({ a: { b: 2 } }, 'a.b')).toBe(2);
    expect(pick(null, 'a')).toBeUndefined();
    const { container } = render(<DataTableWidget {...widgetProps({ rows: 'x', columns: [{ nope: 1 }] })} />);
    expect(container.innerHTML).toBe('');
  });
});
