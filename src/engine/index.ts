/** Public API of the config engine. Widgets and the app shell import from here only. */

export type { ActionContext } from './actions/run-actions';
export { runActions } from './actions/run-actions';
export { copyText } from './actions/ui';
export type * from './config-types.gen';
export type * from './contract';
export { invalidatePaths, pathHasPrefix } from './data/invalidate';
export { buildRequest } from './data/request';
export { DEFAULT_PAGE_SIZE, type PagedSource, usePagedSource, useSource } from './data/sources';
export {
  compileExpr,
  compileTemplate,
  type ExprEnv,
  ExprError,
  evalExpr,
  evalTemplate,
  evalValue,
  FUNCTION_NAMES,
} from './expr';
export { loadFormKit } from './forms/form-kit';
// useField/useFormValues: import from './forms/hooks' (they bring react-hook-form, loaded only with forms)
export type { FieldBinding } from './forms/hooks';
export type { CompiledValidator, ValidateFunction, ValidationError } from './forms/validator-types';
export { loadValidator, registerValidator } from './forms/validators';
export { APP, type AppFacts, currentRules, loadRules, type RuleValues } from './globals';
export { loadScreenBundle, type ScreenBundle } from './loader';
export { createWidgetRegistry, useWidgetRegistry, WidgetRegistryProvider } from './registry';
export { FallbackBox, NodeBoundary } from './runtime/NodeBoundary';
export { NodeRenderer, renderNodeList } from './runtime/NodeRenderer';
export { ScreenRenderer, type ScreenRendererProps } from './runtime/ScreenRenderer';
export { type ScreenRuntime, useScreenRuntime } from './runtime/screen-runtime';
export { getPath, setPath } from './runtime/store';
export { useScreenEvent } from './runtime/use-screen-event';
export {
  type ApiFailure,
  type ApiRequest,
  type EngineServices,
  EngineServicesProvider,
  useEngineServices,
} from './services';
export { formatHk, hkDay, listTime, toEpochMs } from './time';
