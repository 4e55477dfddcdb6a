/**
 * antd-mobile's imperative overlays the app shows itself (API toasts and confirms, the kicked-offline
 * dialog). Imported only with import(): they bring react-spring and @use-gesture, which the first
 * screen does not need.
 */
export { Dialog, Toast } from 'antd-mobile';
