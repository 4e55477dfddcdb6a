import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetProps } from '../test-utils/widget-props';
import IconWidget from '.';

afterEach(cleanup);

describe('icon', () => {
  it('loads the named icon and, when pressable, is a labelled button', async () => {
    const props = widgetProps(
      { name: 'SearchOutline', label: '搜尋' },
      { on: { press: [{ type: 'back' }] } },
    );
    const { container } = render(<IconWidget {...props} />);
    await expect.poll(() => container.querySelector('svg.antd-mobile-icon')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '搜尋' }));
    expect(props.emit).toHaveBeenCalledWith('press');
  });

  it('names a standalone icon by its label', () => {
    render(<IconWidget {...widgetProps({ name: 'StarFill', label: '已收藏' })} />);
    expect(screen.getByRole('img', { name: '已收藏' })).toBeTruthy();
  });

  it('keeps its place for an unknown name instead of failing', () => {
    const { container } = render(<IconWidget {...widgetProps({ name: 'NoSuchIcon' })} />);
    expect(container.querySelector('.gf-icon')).not.toBeNull();
    expect(container.querySelector('svg')).toBeNull();
  });
});
