import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetProps } from '../test-utils/widget-props';
import QrCodeWidget from '.';

afterEach(cleanup);

const modulesOf = (svg: Element) => svg.querySelector('path')?.getAttribute('d')?.split('M').length ?? 0;

describe('qr-code', () => {
  it('draws a QR symbol of the value with its finder pattern in the corner', () => {
    render(
      <QrCodeWidget {...widgetProps({ value: 'https://goalfan.app/#/share/download', label: '掃碼下載' })} />,
    );
    const svg = screen.getByRole('img', { name: '掃碼下載' });
    // version 3 for this length: 29 modules plus a 2-module quiet zone on each side
    expect(svg.getAttribute('viewBox')).toBe('0 0 33 33');
    const d = svg.querySelector('path')?.getAttribute('d') ?? '';
    // top-left finder pattern: a dark 7x7 ring starting right after the quiet zone
    for (let i = 0; i < 7; i++) {
      expect(d).toContain(`M${2 + i} 2h1v1h-1z`);
      expect(d).toContain(`M2 ${2 + i}h1v1h-1z`);
    }
    expect(d).not.toContain('M4 3h1v1h-1z');
    expect(screen.getByText('掃碼下載')).toBeTruthy();
  });

  it('encodes different values differently', () => {
    const { rerender } = render(<QrCodeWidget {...widgetProps({ value: 'A', label: 'qr' })} />);
    const first = screen.getByRole('img').querySelector('path')?.getAttribute('d');
    rerender(<QrCodeWidget {...widgetProps({ value: 'B', label: 'qr' })} />);
    const second = screen.getByRole('img').querySelector('path')?.getAttribute('d');
    expect(first).not.toBe(second);
    expect(modulesOf(screen.getByRole('img'))).toBeGreaterThan(50);
  });
});
