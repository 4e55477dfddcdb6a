import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('field-picker', () => {
  it('shows the chosen option label and stores its value', async () => {
    renderWidgets(
      [
        {
          type: 'field-picker',
          props: {
            form: 'f',
            name: 'doc',
            label: '證件類型',
            placeholder: '請選擇',
            options: [
              { value: 'id_card', label: '身份證' },
              { value: 'passport', label: '護照' },
            ],
          },
        },
        { type: 'text', props: { text: 'doc={{ form.f.doc }}' } },
      ],
      { form: { doc: '' } },
    );
    const trigger = await screen.findByRole('button', { name: '證件類型' }, { timeout: 5000 });
    expect(trigger.textContent).toContain('請選擇');

    await act(async () => {
      fireEvent.click(trigger);
    });
    await act(async () => {
      fireEvent.click(await screen.findByText('確定'));
    });
    // confirming without scrolling the wheel takes the first option
    expect(screen.getByText('doc=id_card')).toBeTruthy();
    expect(trigger.textContent).toContain('身份證');
  }, 20000);
});
