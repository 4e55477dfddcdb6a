// antd-mobile's imperative APIs (Toast, Dialog) need a React 19 render function (STACK-NOTES).
import '../../src/app/antd-render';
