// antd-mobile's React 19 render function and locale (tests/setup imports this path); the app itself
// loads the setup lazily with the first antd-mobile widget or overlay.
import '../widgets/antd-setup';
