import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('field-checks', () => {
  it('holds several choices as an array in the options order, whatever order they are ticked in', async () => {
    renderWidgets(
      [
        {
          type: 'field-checks',
          props: {
            form: 'f',
            name: 'roles',
            label: '角色',
            options: [
              { value: 'reviewer', label: '審核' },
              { value: 'editor', label: '編輯' },
              { value: 'admin', label: '管理員', description: '擁有全部權限' },
            ],
          },
        },
        { type: 'text', props: { text: 'roles={{ join(form.f.roles, ",") }}' } },
      ],
      { form: { roles: ['editor'] } },
    );
    const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box(/編輯/).checked).toBe(true);
    expect(box(/審核/).checked).toBe(false);
    expect(screen.getByText('擁有全部權限')).toBeTruthy();

    await act(async () => {
      fireEvent.click(box(/管理員/));
    });
    await act(async () => {
      fireEvent.click(box(/審核/));
    });
    expect(screen.getByText('roles=reviewer,editor,admin')).toBeTruthy();
    await act(async () => {
      fireEvent.click(box(/編輯/));
    });
    expect(screen.getByText('roles=reviewer,admin')).toBeTruthy();
  });
});
