import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { widgetProps } from '../test-utils/widget-props';
import RecentVisitsWidget from '.';
import { addVisit, readVisits } from './store';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

describe('recent-visits', () => {
  it('keeps the newest first, one per key, at most max', () => {
    let list = addVisit([], { key: 'team:1', title: 'A' }, 2);
    list = addVisit(list, { key: 'team:2', title: 'B' }, 2);
    list = addVisit(list, { key: 'team:1', title: 'A' }, 2);
    list = addVisit(list, { key: 'league:3', title: 'C' }, 2);
    expect(list.map((v) => v.key)).toEqual(['league:3', 'team:1']);
  });

  it('records a visit once its title is known, and lists it on another screen', () => {
    const { rerender } = render(
      <RecentVisitsWidget {...widgetProps({ storageKey: 'k', record: { key: 'team:9', title: '' } })} />,
    );
    expect(readVisits('k')).toEqual([]);
    rerender(
      <RecentVisitsWidget
        {...widgetProps({
          storageKey: 'k',
          record: { key: 'team:9', kind: 'team', id: 9, title: '阿仙奴', color: '#EF0107' },
        })}
      />,
    );
    expect(readVisits('k')).toHaveLength(1);
    cleanup();
    const list = widgetProps({ storageKey: 'k' });
    const { getByRole } = render(<RecentVisitsWidget {...list} />);
    fireEvent.click(getByRole('button', { name: '阿仙奴' }));
    expect(list.emit).toHaveBeenCalledWith('press', {
      item: expect.objectContaining({ key: 'team:9', id: 9 }),
    });
  });

  it('shows its empty text, and ignores broken storage', () => {
    localStorage.setItem('k', '{not json');
    const { getByText } = render(
      <RecentVisitsWidget {...widgetProps({ storageKey: 'k', emptyText: '未有瀏覽紀錄' })} />,
    );
    expect(getByText('未有瀏覽紀錄')).toBeTruthy();
  });
});
