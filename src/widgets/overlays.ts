/**
 * antd-mobile's imperative overlays (toasts, dialogs, action sheets), set up for React 19 and the app
 * language. Import it only with import(): it brings react-spring and @use-gesture, which the first screen
 * does not need.
 */
import './antd-setup';

export { ActionSheet, Dialog, Toast } from 'antd-mobile';
