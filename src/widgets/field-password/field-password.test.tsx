import { cleanup, createEvent, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const passwordNode = {
  type: 'field-password',
  props: { form: 'f', name: 'password', placeholder: '請輸入密碼' },
};

describe('field-password', () => {
  it('blocks copy, cut and paste on the password', () => {
    renderWidgets(passwordNode, { form: { password: 'secret99' } });
    const input = screen.getByPlaceholderText('請輸入密碼');
    for (const make of [createEvent.paste, createEvent.copy, createEvent.cut]) {
      const event = make(input);
      fireEvent(input, event);
      expect(event.defaultPrevented, event.type).toBe(true);
    }
  });

  it('hides the password until the eye is tapped, and hides it again', () => {
    renderWidgets(passwordNode, { form: { password: 'secret99' } });
    const input = screen.getByPlaceholderText('請輸入密碼') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.value).toBe('secret99');

    fireEvent.click(screen.getByRole('button', { name: '顯示密碼' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隱藏密碼' }));
    expect(input.type).toBe('password');
  });

  it('writes what the user types into the form', () => {
    renderWidgets([passwordNode, { type: 'text', props: { text: 'len={{ form.f.password.length }}' } }]);
    fireEvent.change(screen.getByPlaceholderText('請輸入密碼'), { target: { value: 'abc123' } });
    expect(screen.getByText('len=6')).toBeTruthy();
  });
});
