import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const skus = [
  { id: 1, size: 'S', color: '主場', color_hex: '#c8102e', price: 69900, stock: 3 },
  { id: 2, size: 'L', color: '主場', color_hex: '#c8102e', price: 69900, stock: 0 },
  { id: 3, size: 'S', color: '作客', color_hex: '#ffffff', price: 71900, stock: 12 },
  { id: 4, size: 'L', color: '作客', color_hex: '#ffffff', price: 71900, stock: 0 },
];

const picker = {
  type: 'sku-picker',
  props: {
    skus,
    stateKey: 'sku',
    quantityKey: 'qty',
    sizeLabel: '尺碼',
    colorLabel: '顏色',
    quantityLabel: '數量',
    stockText: '庫存 {n} 件',
    soldOutText: '已售罄',
    chooseText: '請揀選：{dims}',
  },
};
const echo = { type: 'text', props: { text: 'chosen={{ state.sku.id ?? "none" }} qty={{ state.qty }}' } };

describe('sku-picker', () => {
  it('shows the price range until a SKU is chosen, then its price and stock, and writes it to state', async () => {
    renderWidgets([picker, echo], { state: { sku: null, qty: 1 } });
    expect((await screen.findByTestId('sku-price')).textContent).toBe('HK$699 – HK$719');
    expect(screen.getByTestId('sku-stock').textContent).toBe('請揀選：尺碼 / 顏色');
    fireEvent.click(screen.getByRole('button', { name: /作客/ }));
    fireEvent.click(screen.getByRole('button', { name: 'S' }));
    expect(screen.getByTestId('sku-price').textContent).toBe('HK$719');
    expect(screen.getByTestId('sku-stock').textContent).toBe('庫存 12 件');
    expect(await screen.findByText('chosen=3 qty=1')).toBeTruthy();
  });

  it('marks a size no SKU in stock allows as sold out and bounds the quantity by stock', async () => {
    renderWidgets([picker, echo], { state: { sku: null, qty: 1 } });
    // L is out of stock in both colours
    const large = await screen.findByRole('button', { name: 'L' });
    expect(large.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(large);
    expect(large.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: /主場/ }));
    fireEvent.click(screen.getByRole('button', { name: 'S' }));
    const plus = screen.getByRole('button', { name: '+' });
    for (let i = 0; i < 5; i++) fireEvent.click(plus);
    expect(screen.getByTestId('sku-qty').textContent).toBe('3');
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('chosen=1 qty=3')).toBeTruthy();
  });
});
