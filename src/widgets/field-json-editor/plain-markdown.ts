/**
 * Stands in for codemirror-json-schema's `utils/markdown` in the build (vite.config.ts
 * `plainSchemaDocs`): that module renders a schema's descriptions with markdown-it and the shiki
 * highlighter (~200 KB gzip, and a wasm engine) for tooltips. Here a description is shown as plain,
 * escaped text: our schemas' descriptions are short sentences.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function renderMarkdown(markdown: string, _inline = true): string {
  return String(markdown ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
