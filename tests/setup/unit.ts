// antd-mobile's imperative APIs (Toast, Dialog) need a React 19 render function (STACK-NOTES).
import '../../src/app/antd-render';

// Screens rendered straight through ScreenRenderer (not ScreenHost's loader, which awaits the rules for
// a screen that reads them) see screens/rules.json as production screens do.
import { loadRules } from '../../src/engine/globals';

await loadRules();
