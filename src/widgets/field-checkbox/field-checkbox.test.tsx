import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('field-checkbox', () => {
  it('is named by its label content and ticks the form value, while links in the label stay links', async () => {
    renderWidgets(
      [
        {
          type: 'field-checkbox',
          props: { form: 'f', name: 'agree' },
          children: [
            { type: 'text', props: { text: '我已閱讀並同意' } },
            {
              type: 'text',
              props: { text: '《私隱政策》', variant: 'link' },
              on: { press: [{ type: 'setState', path: 'opened', value: 'privacy' }] },
            },
          ],
        },
        { type: 'text', props: { text: 'agree={{ form.f.agree }} opened={{ state.opened }}' } },
      ],
      { form: { agree: false }, state: { opened: '' } },
    );
    const box = screen.getByRole('checkbox', { name: /我已閱讀並同意/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '《私隱政策》' }));
    });
    expect(screen.getByText('agree=false opened=privacy')).toBeTruthy();

    await act(async () => {
      fireEvent.click(box);
    });
    expect(screen.getByText('agree=true opened=privacy')).toBeTruthy();
  });
});
