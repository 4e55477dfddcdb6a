/** The app's one widget registry: the opening screen's widgets are fetched through it before the first render. */
import { createDefaultRegistry } from '../widgets';

export const registry = createDefaultRegistry();
