/** An ajv-style validate function (standalone code precompiled at build time) and its error-message keys. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export interface CompiledValidator {
  validate: ValidateFunction;
  /**
   * i18n keys from the schema's `errorMessage` annotations, by field path ("nickname", "address.phone"):
   * a string for every keyword, or one key per keyword.
   */
  messages: Record<string, string | Record<string, string>>;
  /**
   * top-level fields of the data schema; form values outside it (an agreement tick box, say) are UI-only:
   * neither validated by the schema nor sent
   */
  properties?: string[] | null;
}
