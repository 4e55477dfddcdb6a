import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { createFieldHub } from './field-hub';

/** a real react-hook-form control (no React needed) with N text fields */
function form(fields: number) {
  const defaultValues = Object.fromEntries(Array.from({ length: fields }, (_, i) => [`f${i}`, '']));
  const { formControl, control } = createFormControl({ defaultValues, mode: 'onChange' });
  let reads = 0;
  const handle = {
    ...formControl,
    getValues: ((name: string) => {
      reads++;
      return formControl.getValues(name);
    }) as typeof formControl.getValues,
  };
  const hub = createFieldHub(handle);
  const calls = new Map<string, number>();
  for (let i = 0; i < fields; i++) {
    const name = `f${i}`;
    hub.store(name).subscribe(() => calls.set(name, (calls.get(name) ?? 0) + 1));
    hub.store(name).get();
  }
  return {
    hub,
    formControl,
    control,
    calls,
    reads: () => reads,
    resetReads: () => {
      reads = 0;
    },
  };
}

describe('field hub', () => {
  it('a keystroke re-reads and notifies only the field it changed, at 1,000 fields', async () => {
    const f = form(1000);
    f.resetReads();
    await f.hub.handlers('f500').onChange('梅西');
    expect(f.hub.read('f500').value).toBe('梅西');
    expect([...f.calls.entries()]).toEqual([['f500', 1]]);
    // bounded by the one field (and reading it back), not by the 1,000 subscribed ones
    expect(f.reads()).toBeLessThan(10);
  });

  it('an error on another field still reaches that field, and its clearing too', async () => {
    const f = form(50);
    f.formControl.setError('f7', { type: 'required', message: 'needed' });
    expect(f.hub.read('f7').error).toBe('needed');
    expect(f.calls.get('f7')).toBe(1);
    await f.hub.handlers('f3').onChange('x');
    f.formControl.clearErrors('f7');
    expect(f.hub.read('f7').error).toBeUndefined();
    expect(f.calls.get('f7')).toBe(2);
  });

  it('a form-wide change (reset) reaches every field that changed', () => {
    const f = form(20);
    f.formControl.reset(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, i % 2 ? 'odd' : ''])),
    );
    expect(f.calls.size).toBe(10);
    expect(f.hub.read('f1').value).toBe('odd');
  });
});
