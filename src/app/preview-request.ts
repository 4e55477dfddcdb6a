/**
 * An operator's preview request in the address (`?cfgPreview=kind/name`, `?cfgPreview=off` stops),
 * remembered for the tab the moment it is seen: the code that lays the draft (config-sync) loads later,
 * and by then the operator may have tapped on to another page whose address no longer carries it.
 */
export const PREVIEW_STORAGE_KEY = 'cfg-preview';

const DOC_KEY = /^[a-z]+\/[\w.-]+$/;

/** reads the address, remembers (or forgets, on 'off') the document; returns what the address asked */
export function takePreviewRequest(hash = location.hash): string | null {
  const asked = new URLSearchParams(hash.split('?')[1] ?? '').get('cfgPreview');
  if (asked === 'off') sessionStorage.removeItem(PREVIEW_STORAGE_KEY);
  else if (asked && DOC_KEY.test(asked)) sessionStorage.setItem(PREVIEW_STORAGE_KEY, asked);
  else return null;
  return asked;
}

/** the document this tab previews, if any */
export const previewedDoc = (): string | null => sessionStorage.getItem(PREVIEW_STORAGE_KEY);
