// antd-mobile's pull-to-refresh (react-spring and use-gesture, ~25 KB gzip), in a module of its own so it
// can arrive after the list has painted
export { PullToRefresh as default } from 'antd-mobile';
