import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServices } from '../../engine/testing/fake-services';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

describe('page', () => {
  it('has a titled nav bar whose labelled back arrow goes back', () => {
    const services = createFakeServices({ 'common.back': '返回' });
    renderWidgets(
      {
        type: 'page',
        props: { title: '設置' },
        slots: { right: [{ type: 'text', props: { text: '完成' } }] },
        children: [{ type: 'text', props: { text: '帳號與安全' } }],
      },
      { services },
    );
    expect(screen.getByRole('heading', { level: 1, name: '設置' })).toBeTruthy();
    expect(screen.getByText('完成')).toBeTruthy();
    expect(screen.getByText('帳號與安全')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(services.navigations).toEqual([{ to: 'back' }]);
  });

  it('can hide the nav bar or just the back arrow', () => {
    const { unmount } = renderWidgets({ type: 'page', props: { navBar: false, title: '登入' } });
    expect(screen.queryByRole('heading')).toBeNull();
    unmount();
    renderWidgets({ type: 'page', props: { back: false, title: '比賽' } });
    expect(screen.getByRole('heading', { name: '比賽' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
  });

  it('keeps the footer slot outside the scrolling body, and draws no bar without it', () => {
    const { container, unmount } = renderWidgets({
      type: 'page',
      props: { title: '資訊詳情' },
      slots: { footer: [{ type: 'text', props: { text: '講下你嘅睇法' } }] },
      children: [{ type: 'text', props: { text: '正文' } }],
    });
    const footer = container.querySelector('.gf-page__footer');
    expect(footer?.textContent).toBe('講下你嘅睇法');
    expect(container.querySelector('.gf-page__body')?.contains(footer ?? null)).toBe(false);
    unmount();
    const plain = renderWidgets({ type: 'page', props: { title: '比賽' } });
    expect(plain.container.querySelector('.gf-page__footer')).toBeNull();
  });
});
