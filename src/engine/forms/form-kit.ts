/**
 * The form code (react-hook-form and the screen form built on it) loads with the first screen that
 * has a form, so screens without one (the match tab, the first load) never download it.
 */
import type * as ScreenFormModule from './screen-form';

export type FormKit = typeof ScreenFormModule;
let kit: FormKit | null = null;

export async function loadFormKit(): Promise<FormKit> {
  kit ??= await import('./screen-form');
  return kit;
}

/** The loaded kit; loadScreenBundle loads it before rendering a screen with forms. */
export function formKit(): FormKit {
  if (!kit) throw new Error('form code not loaded: loadScreenBundle loads it for screens with forms');
  return kit;
}
