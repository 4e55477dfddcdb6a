import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { asText } from '../shared/css';
import './html.css';

export interface HtmlProps {
  html?: string;
}

/**
 * Protocol documents and articles arrive as HTML already sanitized by the server; sanitizing again here
 * is defence in depth, so a compromised or misconfigured server still cannot inject script.
 */
export default function HtmlWidget({ props }: WidgetProps<HtmlProps>) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(asText(props.html), {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form'],
      }),
    [props.html],
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className="gf-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}
