import { describe, expect, it } from 'vitest';
import { effectiveOpsRoles, hasOpsRole } from './ops-roles';

describe('operator roles', () => {
  it('admin implies every role; others grant only themselves; unknown values grant nothing', () => {
    expect(effectiveOpsRoles(['admin'])).toEqual(['reviewer', 'editor', 'translator', 'admin']);
    expect(effectiveOpsRoles(['translator', 'reviewer'])).toEqual(['reviewer', 'translator']);
    expect(effectiveOpsRoles(['root', 'operator'])).toEqual([]);
    expect(effectiveOpsRoles(null)).toEqual([]);
    expect(hasOpsRole(['translator'], 'editor')).toBe(false);
    expect(hasOpsRole(['translator'], 'translator')).toBe(true);
    expect(hasOpsRole(['admin'], 'reviewer')).toBe(true);
  });
});
