/** Slide direction between two routes (spec §2): deeper `order` slides forward, shallower slides back. */
export type SlideDirection = 'forward' | 'back' | 'none';

export function slideDirection(
  fromOrder: number | undefined,
  toOrder: number | undefined,
  navigationType: 'PUSH' | 'POP' | 'REPLACE',
): SlideDirection {
  if (fromOrder === undefined) return 'none';
  const from = fromOrder;
  const to = toOrder ?? from;
  if (to > from) return 'forward';
  if (to < from) return 'back';
  // same depth (switching tabs, or a detail page opening another detail): history direction decides
  if (from === 1) return 'none';
  return navigationType === 'POP' ? 'back' : 'forward';
}
