import sanitizeHtml from 'sanitize-html';

/**
 * Protocol documents are rendered as HTML by the client, so they are reduced to plain document markup
 * before they are stored: no scripts, styles, frames, forms, event handlers or javascript: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'div',
    'span',
    'section',
    'article',
    'header',
    'footer',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'type'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href?.startsWith('#')
        ? attribs
        : { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

export function sanitizeProtocolHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of the first <title> or <h1>, used as the document title when the seed gives none. */
export function titleFromHtml(html: string): string | null {
  const match = /<(title|h1)[^>]*>([\s\S]*?)<\/\1>/i.exec(html);
  if (!match) return null;
  const text = sanitizeHtml(match[2], { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text || null;
}
