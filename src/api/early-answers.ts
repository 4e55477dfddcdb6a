/**
 * Answers the boot script fetched before the app's code arrived (scripts/lib/early-api-boot.js): the visitor
 * token and the opening screen's fixed GET calls start while the entry chunk downloads, instead of after
 * it has run. The client takes each one once, for the same method and address, and only while it is
 * fresh; anything else goes to the network as usual.
 */
export interface EarlyAnswer {
  ok: boolean;
  text: string;
}

interface EarlyStore {
  take(method: string, url: string): Promise<EarlyAnswer> | undefined;
}

export function takeEarlyAnswer(method: string, url: string): Promise<EarlyAnswer> | undefined {
  const early = (globalThis as { __gfEarly?: EarlyStore }).__gfEarly;
  try {
    return early?.take(method, url);
  } catch {
    return undefined;
  }
}
