/** The `xliff` package (locize) ships no types: the two converters the locale transfer uses. */
interface XliffUnit {
  source?: unknown;
  target?: unknown;
  note?: string;
}
interface XliffJs {
  sourceLanguage?: string;
  targetLanguage?: string;
  resources: Record<string, Record<string, XliffUnit>>;
}
declare module 'xliff/js2xliff' {
  export default function js2xliff(js: XliffJs, cb: (err: Error | null, xml?: string) => void): void;
}
declare module 'xliff/xliff2js' {
  export default function xliff2js(
    xml: string,
    options: { inlineAsString?: boolean },
    cb: (err: Error | null, js?: XliffJs) => void,
  ): void;
}
declare module 'sax' {
  interface SAXParser {
    onerror: (e: Error) => void;
    write(s: string): SAXParser;
    close(): SAXParser;
  }
  const sax: { parser(strict: boolean, opt?: Record<string, unknown>): SAXParser };
  export default sax;
}
