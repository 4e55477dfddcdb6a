import { useEffect, useMemo, useState } from 'react';
import { formatMoney } from '../../../contracts/money';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './sku-picker.css';

export interface Sku {
  id: number;
  size?: string;
  color?: string;
  color_hex?: string;
  /** minor units */
  price: number;
  stock: number;
}

export interface SkuPickerProps {
  skus?: Sku[];
  /** state key the chosen SKU (or null) is written to */
  stateKey?: string;
  /** state key the chosen quantity is written to; without it no quantity stepper is shown */
  quantityKey?: string;
  currency?: string;
  sizeLabel?: string;
  colorLabel?: string;
  quantityLabel?: string;
  /** "{n}" is replaced by the stock of the chosen SKU */
  stockText?: string;
  soldOutText?: string;
  /** shown while a dimension is still unchosen; "{dims}" is replaced by the missing labels */
  chooseText?: string;
}

const distinct = (xs: string[]) => [...new Set(xs.filter(Boolean))];

/** the SKUs a size/colour choice still allows */
const matching = (skus: Sku[], size: string, color: string) =>
  skus.filter((k) => (!size || (k.size ?? '') === size) && (!color || (k.color ?? '') === color));

/**
 * Variant picker: chips per size and per colour (a colour chip shows its swatch), a value no SKU in
 * stock allows is marked sold out and cannot be picked, then the chosen SKU's price and stock, and a
 * quantity stepper bounded by that stock. Writes the chosen SKU to state[stateKey] and the quantity to
 * state[quantityKey]; event change ({result: sku}).
 */
export default function SkuPickerWidget({ props, run, emit }: WidgetProps<SkuPickerProps>) {
  const skus = useMemo(
    () =>
      (Array.isArray(props.skus) ? props.skus : []).filter(
        (k): k is Sku => !!k && typeof k === 'object' && Number.isFinite(Number(k.price)),
      ),
    [props.skus],
  );
  const sizes = useMemo(() => distinct(skus.map((k) => asText(k.size))), [skus]);
  const colors = useMemo(() => distinct(skus.map((k) => asText(k.color))), [skus]);
  const [size, setSize] = useState(sizes.length === 1 ? sizes[0] : '');
  const [color, setColor] = useState(colors.length === 1 ? colors[0] : '');
  const [qty, setQty] = useState(1);

  const needSize = sizes.length > 0 && !size;
  const needColor = colors.length > 0 && !color;
  const chosen = needSize || needColor ? null : (matching(skus, size, color)[0] ?? null);
  const stock = chosen ? Math.max(0, Math.floor(Number(chosen.stock) || 0)) : 0;
  const currency = asText(props.currency) || 'HKD';

  useEffect(() => {
    setQty((q) => Math.max(1, Math.min(q, stock || 1)));
  }, [stock]);

  const stateKey = asText(props.stateKey);
  const quantityKey = asText(props.quantityKey);
  const chosenId = chosen?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: written when the choice or quantity changes
  useEffect(() => {
    const actions = [];
    if (stateKey) actions.push({ type: 'setState' as const, path: stateKey, value: chosen });
    if (quantityKey) actions.push({ type: 'setState' as const, path: quantityKey, value: qty });
    void (async () => {
      if (actions.length) await run(actions);
      await emit('change', { result: chosen });
    })();
  }, [chosenId, qty]);

  const available = (s: string, c: string) => matching(skus, s, c).some((k) => Number(k.stock) > 0);
  const prices = (chosen ? [chosen] : matching(skus, size, color)).map((k) => Number(k.price));
  const low = prices.length ? Math.min(...prices) : 0;
  const high = prices.length ? Math.max(...prices) : 0;
  const priceText =
    low === high
      ? formatMoney(low, currency)
      : `${formatMoney(low, currency)} – ${formatMoney(high, currency)}`;
  const missing = [needSize ? asText(props.sizeLabel) : '', needColor ? asText(props.colorLabel) : '']
    .filter(Boolean)
    .join(' / ');
  const status = chosen
    ? stock > 0
      ? asText(props.stockText).replace(/\{n\}/g, String(stock))
      : asText(props.soldOutText)
    : asText(props.chooseText).replace(/\{dims\}/g, missing);

  const chip = (value: string, selected: boolean, enabled: boolean, onPick: () => void, swatch?: string) => (
    <button
      key={value}
      type="button"
      className={`gf-sku__chip${selected ? ' gf-sku__chip--on' : ''}${enabled ? '' : ' gf-sku__chip--out'}`}
      aria-pressed={selected}
      aria-disabled={!enabled}
      onClick={() => enabled && onPick()}
    >
      {swatch ? <span className="gf-sku__swatch" style={{ background: swatch }} aria-hidden="true" /> : null}
      {value}
    </button>
  );

  return (
    <div className="gf-sku">
      <div className="gf-sku__head">
        <span className="gf-sku__price" data-testid="sku-price">
          {priceText}
        </span>
        <span
          className={`gf-sku__status${chosen && stock === 0 ? ' gf-sku__status--out' : ''}`}
          data-testid="sku-stock"
          role="status"
        >
          {status}
        </span>
      </div>
      {colors.length > 0 ? (
        <fieldset className="gf-sku__dim">
          <legend className="gf-sku__label">{asText(props.colorLabel)}</legend>
          <div className="gf-sku__chips">
            {colors.map((c) =>
              chip(
                c,
                c === color,
                available(size, c),
                () => setColor(c === color ? '' : c),
                skus.find((k) => k.color === c)?.color_hex,
              ),
            )}
          </div>
        </fieldset>
      ) : null}
      {sizes.length > 0 ? (
        <fieldset className="gf-sku__dim">
          <legend className="gf-sku__label">{asText(props.sizeLabel)}</legend>
          <div className="gf-sku__chips">
            {sizes.map((s) => chip(s, s === size, available(s, color), () => setSize(s === size ? '' : s)))}
          </div>
        </fieldset>
      ) : null}
      {quantityKey ? (
        <div className="gf-sku__dim gf-sku__qty">
          <div className="gf-sku__label">{asText(props.quantityLabel)}</div>
          <div className="gf-sku__stepper">
            <button
              type="button"
              aria-label="-"
              disabled={qty <= 1}
              onClick={() => setQty((q) => Math.max(1, q - 1))}
            >
              −
            </button>
            <output aria-live="polite" data-testid="sku-qty">
              {qty}
            </output>
            <button
              type="button"
              aria-label="+"
              disabled={!chosen || qty >= stock}
              onClick={() => setQty((q) => Math.min(stock, q + 1))}
            >
              +
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
