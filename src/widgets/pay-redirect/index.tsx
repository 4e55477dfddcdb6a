import { useScreenEvent } from '../../engine';
import type { WidgetProps } from '../../engine/contract';

export interface PayRedirectProps {
  /** screen event whose detail is the payment page URL (the `pay_url` of a recharge order) */
  on?: string;
}

/**
 * Leaves the app for the payment provider's page. Screens cannot navigate outside the hash router,
 * so a recharge screen emits `{type: "emit", event: <on>, detail: "{{ result.pay_url }}"}` and this
 * invisible widget follows it. Only same-origin paths and https URLs are followed, never
 * `javascript:` or protocol-relative ones.
 */
export function safePayUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (/^\/(?![/\\])/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export default function PayRedirectWidget({ props }: WidgetProps<PayRedirectProps>) {
  useScreenEvent(typeof props.on === 'string' ? props.on : undefined, (detail) => {
    const url = safePayUrl(detail);
    if (url) window.location.assign(url);
  });
  return null;
}
