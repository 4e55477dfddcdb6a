/**
 * The same N-field form built two ways, for the lead's bench (tests/bench/form-mount.ts): from config
 * through the engine, and hand-written with react-hook-form. Both elements are self-contained.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import type { ConfigNode, ScreenConfig } from '../config-types.gen';
import type { Widget } from '../contract';
import { loadFormKit } from '../forms/form-kit';
import { useField } from '../forms/hooks';
import { registerValidator } from '../forms/validators';
import { createWidgetRegistry, WidgetRegistryProvider } from '../registry';
import { ScreenRenderer } from '../runtime/ScreenRenderer';
import { EngineServicesProvider } from '../services';
import { createFakeServices } from '../testing/fake-services';

// screens with forms render only once the form code is loaded (the app's loader does this)
await loadFormKit();

const fieldName = (i: number) => `field${i}`;

const BenchInput: Widget = ({ props }) => {
  const f = useField<string>(String(props.form), String(props.name));
  return (
    <label style={{ display: 'block' }}>
      {String(props.label)}
      <input value={f.value ?? ''} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />
      {f.error && <span role="alert">{f.error}</span>}
    </label>
  );
};
const BenchStack: Widget = ({ renderChildren }) => <form>{renderChildren()}</form>;

const registry = createWidgetRegistry({ stack: BenchStack, 'field-input': BenchInput });

export function benchScreen(fields: number): ScreenConfig {
  const children: ConfigNode[] = Array.from({ length: fields }, (_, i) => ({
    type: 'field-input',
    props: { form: 'bench', name: fieldName(i), label: `Field {{ ${i} }}` },
  }));
  return { id: 'bench/form', forms: { bench: { form: 'bench' } }, body: { type: 'stack', children } };
}

/** N fields rendered by the engine from config (templates in every label, one form binding per field). */
export function buildConfigForm(fields: number): ReactElement {
  registerValidator('bench', { validate: Object.assign(() => true, { errors: null }), messages: {} });
  const defaults = Object.fromEntries(Array.from({ length: fields }, (_, i) => [fieldName(i), '']));
  const forms = { bench: { id: 'bench', dataSchema: 'bench', fields: [], defaults } };
  return (
    <QueryClientProvider client={new QueryClient()}>
      <EngineServicesProvider value={createFakeServices()}>
        <WidgetRegistryProvider registry={registry}>
          <ScreenRenderer screen={benchScreen(fields)} forms={forms} route={{ path: '/bench', params: {} }} />
        </WidgetRegistryProvider>
      </EngineServicesProvider>
    </QueryClientProvider>
  );
}

function HandWrittenForm({ fields }: { fields: number }) {
  const defaults = Object.fromEntries(Array.from({ length: fields }, (_, i) => [fieldName(i), '']));
  const { register, formState } = useForm({ defaultValues: defaults });
  return (
    <form>
      {Array.from({ length: fields }, (_, i) => (
        <label key={fieldName(i)} style={{ display: 'block' }}>
          {`Field ${i}`}
          <input {...register(fieldName(i))} />
          {formState.errors[fieldName(i)] && (
            <span role="alert">{String(formState.errors[fieldName(i)]?.message)}</span>
          )}
        </label>
      ))}
    </form>
  );
}

/** The same N fields written by hand in plain React with react-hook-form. */
export function buildHandWrittenForm(fields: number): ReactElement {
  return <HandWrittenForm fields={fields} />;
}
