// <html lang> before the first paint, from the stored language (the app keeps it in sync later).
// A file, not an inline script: the Content-Security-Policy allows scripts from our origin only.
// The build folds it into the boot script (scripts/lib/route-preload.ts).
(() => {
  const htmlLangs = { zhhk: 'zh-HK', zhcn: 'zh-CN', zhtw: 'zh-TW' };
  try {
    const stored = JSON.parse(localStorage.getItem('lang') || 'null');
    if (htmlLangs[stored]) document.documentElement.lang = htmlLangs[stored];
    else if ((navigator.language || '').toLowerCase() === 'zh-cn') document.documentElement.lang = 'zh-CN';
  } catch {
    // storage blocked (private mode): keep the default
  }
})();
