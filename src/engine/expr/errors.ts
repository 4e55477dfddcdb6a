/** Every failure of the expression language: parse errors, forbidden members, unknown functions. */
export class ExprError extends Error {
  constructor(
    message: string,
    /** character offset in `source` where the problem starts */
    readonly pos: number,
    readonly source: string,
  ) {
    super(`${message} at ${pos} in "${source}"`);
    this.name = 'ExprError';
  }
}
