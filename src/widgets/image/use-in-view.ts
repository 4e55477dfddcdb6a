import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element comes within 1.3 viewport heights (spec §9: lazy images preload 1.3).
 * Without IntersectionObserver (old browsers, tests) everything counts as in view.
 */
export function useInView(ref: RefObject<Element | null>, enabled: boolean): boolean {
  const [inView, setInView] = useState(!enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (inView || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px 30% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, inView]);
  return inView;
}
