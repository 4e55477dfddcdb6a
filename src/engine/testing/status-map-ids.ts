/** Every status map id there is (tests load them all; check:config reads the files itself). */
const files = import.meta.glob('/screens/status/*.json');

export const statusMapIds = (): string[] =>
  Object.keys(files).map((p) => p.replace(/^\/screens\/status\/|\.json$/g, ''));
