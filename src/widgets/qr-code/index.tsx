import { create } from 'qrcode';
import { useMemo } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';
import './qr-code.css';

export interface QrCodeProps {
  value?: string;
  /** rendered width and height in px (default 160) */
  size?: number;
  label?: string;
}

/** Quiet zone in modules; 4 is the standard, 2 is enough on a white card and keeps the code larger. */
const MARGIN = 2;

/** One SVG path of all dark modules: crisp at any scale, no canvas, nothing to sanitize. */
function qrPath(value: string): { path: string; size: number } | null {
  if (!value) return null;
  try {
    const qr = create(value, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let path = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (qr.modules.get(x, y)) path += `M${x + MARGIN} ${y + MARGIN}h1v1h-1z`;
      }
    }
    return { path, size: n + MARGIN * 2 };
  } catch {
    return null;
  }
}

export default function QrCodeWidget({ props }: WidgetProps<QrCodeProps>) {
  const value = asText(props.value);
  const qr = useMemo(() => qrPath(value), [value]);
  const size = asNumber(props.size, 160);
  const label = asText(props.label);
  return (
    <figure className="gf-qr">
      {qr ? (
        <svg
          className="gf-qr__code"
          width={size}
          height={size}
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          role="img"
          aria-label={label || value}
          shapeRendering="crispEdges"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
      ) : (
        <div className="gf-qr__code" style={{ width: size, height: size }} />
      )}
      {label ? <figcaption className="gf-qr__label">{label}</figcaption> : null}
    </figure>
  );
}
