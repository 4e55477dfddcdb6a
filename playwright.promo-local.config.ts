import base from './playwright.config';
export default { ...base, webServer: { ...base.webServer, timeout: 300_000, reuseExistingServer: true } };
