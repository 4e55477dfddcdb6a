import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetProps } from '../test-utils/widget-props';
import TextWidget, { type TextProps } from '.';

afterEach(cleanup);

describe('text', () => {
  it('shows user text literally, never as markup', () => {
    const { container } = render(
      <TextWidget {...widgetProps({ text: '<img src=x onerror=alert(1)>球迷' })} />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>球迷')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('is a button only when the node binds press', () => {
    const plain = widgetProps({ text: '查看全部' });
    const { unmount } = render(<TextWidget {...plain} />);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    const pressable = widgetProps<TextProps>(
      { text: '查看全部', variant: 'link' },
      { on: { press: [{ type: 'back' }] } },
    );
    render(<TextWidget {...pressable} />);
    fireEvent.click(screen.getByRole('button', { name: '查看全部' }));
    expect(pressable.emit).toHaveBeenCalledWith('press');
  });

  it('ignores props it does not know and values of the wrong kind', () => {
    render(
      <TextWidget {...widgetProps({ text: 42, variant: 'shout', lines: 'x', bogus: { a: 1 } } as never)} />,
    );
    expect(screen.getByText('42')).toBeTruthy();
  });
});
