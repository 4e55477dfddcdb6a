import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetProps } from '../test-utils/widget-props';
import HtmlWidget from '.';

afterEach(cleanup);

describe('html', () => {
  it('shows the document but drops scripts and event handlers', () => {
    const html =
      '<h2>私隱政策</h2><p onclick="steal()">我們重視您的私隱。</p><script>window.pwned = true</script>' +
      '<img src="x" onerror="window.pwned = true" alt="圖"><a href="javascript:alert(1)">連結</a>';
    const { container } = render(<HtmlWidget {...widgetProps({ html })} />);
    expect(screen.getByRole('heading', { name: '私隱政策' })).toBeTruthy();
    expect(screen.getByText('我們重視您的私隱。').getAttribute('onclick')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByText('連結').getAttribute('href')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });
});
