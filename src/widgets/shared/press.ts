import type { KeyboardEvent } from 'react';
import type { WidgetProps } from '../../engine/contract';

/**
 * Makes a non-button element behave like a button, but only when the node binds `on.press`:
 * an element that announces itself as a button and does nothing would mislead screen-reader users.
 */
export function pressableProps(node: WidgetProps['node'], emit: WidgetProps['emit'], label?: string) {
  if (!node.on?.press) return {};
  const press = () => void emit('press');
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    onClick: press,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        press();
      }
    },
  } as const;
}
