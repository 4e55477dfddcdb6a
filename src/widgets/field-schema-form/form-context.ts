/** What the schema form's renderers share (index.tsx builds it once per render). */
import type { ReactNode } from 'react';
import type { Json, Schema } from './schema-form';

export type Path = (string | number)[];

/** a problem to show: a locale key with its values, or a message as it came */
export interface Shown {
  key?: string;
  args?: Record<string, string>;
  message?: string;
}

export interface FormCtx {
  /** the root schema (`$ref`s resolve against it) */
  root: Schema;
  readOnly: boolean;
  t(key: string, args?: Record<string, unknown>): string;
  /** whether a locale key has a text */
  exists(key: string): boolean;
  /** set the value at `path` (undefined: remove it); one edit of the field */
  write(path: Path, next: Json | undefined): void;
  errorsAt(pointer: string): Shown[];
  /** whether a problem sits inside the value at `pointer` (a closed group opens to show it) */
  errorsUnder(pointer: string): boolean;
  say(p: Shown): string;
  /** texts typed into the "new key" and "rename" boxes, by JSON pointer */
  drafts: Record<string, string>;
  setDraft(pointer: string, text: string | undefined): void;
  /** the renderer of a value (control.tsx), handed in so the renderers need not import each other in a ring */
  control(schema: unknown, v: Json, path: Path, label: string): ReactNode;
}

export const isObj = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
