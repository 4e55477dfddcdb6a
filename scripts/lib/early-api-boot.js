// Early API calls, run by the boot script (scripts/lib/route-preload.ts) before the app's code has
// arrived. A first visit used to wait for the entry chunk to download and run before it even asked for
// its visitor token, and for the token before the screen's data: two round trips after ~150 KB of code.
// Here the token call starts at once, and the opening screen's fixed GET calls (its preload script
// passes them to get()) start as soon as the token is there. The app's client takes each answer once
// (src/api/early-answers.ts); the headers are the ones src/api/client.ts sends. A plain script, not a
// module: it runs before anything else. C is filled in by the build (scripts/lib/early-api.ts).
(C) => {
  try {
    const ls = window.localStorage;
    // a desktop browser gets the phone frame (src/app/desktop/detect.ts): the framed app asks for itself
    const mobile = new RegExp(C.mobileUa, 'i').test(navigator.userAgent);
    if (window.innerWidth > 768 && !mobile && window.top === window.self) return;
    const read = (k) => {
      const v = ls.getItem(k);
      if (v == null) return null;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    };
    // as the app picks it: the stored language (the store's default for an unknown one), else the browser's
    const byBrowser = (navigator.language || '').toLowerCase() === 'zh-cn' ? 'zhcn' : C.fallbackLang;
    let lang = ls.getItem(C.langKey) === null ? byBrowser : read(C.langKey);
    if (!C.accept[lang]) lang = C.fallbackLang;
    let uuid = ls.getItem(C.uuidKey);
    if (!uuid) {
      if (typeof crypto.randomUUID !== 'function' || window.isSecureContext === false) return;
      uuid = crypto.randomUUID();
      ls.setItem(C.uuidKey, uuid);
    }
    const headers = (authorization) => ({
      'x-device-uuid': uuid,
      'accept-language': C.accept[lang],
      'x-platform': C.platform,
      [C.silentHeader]: '1',
      authorization,
    });
    const answers = {};
    const keep = (key, p) => {
      p.catch(() => {});
      answers[key] = { p, at: Date.now() };
      return p;
    };
    const call = (method, url, h, body) =>
      fetch(url, { method, headers: h, body }).then((r) => r.text().then((text) => ({ ok: r.ok, text })));
    const stored = read(C.tokenKey);
    const tokenHeaders = { ...headers(`Basic ${C.basic}`), 'content-type': 'application/json' };
    const token = stored
      ? Promise.resolve(stored)
      : keep(`POST ${C.tokenPath}`, call('POST', C.tokenPath, tokenHeaders, '{}')).then(
          (a) => JSON.parse(a.text).data.token,
        );
    let asked = false;
    window.__gfEarly = {
      get(urls) {
        // the opening screen only: later screens are asked for by the app itself
        if (asked) return;
        asked = true;
        // query values of the opening link (#/shop/product/detail?id=12), for addresses built from them
        // (scripts/lib/early-requests.ts marks them); only plain ids, anything else is the app's to ask
        const query = new URLSearchParams(window.location.hash.split('?')[1] || '');
        const fill = (u) => {
          let ok = true;
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the marker of early-requests.ts, a character no address holds
          const out = u.replace(/\u0001(\w+)\u0001|%01(\w+)%01/g, (_m, raw, encoded) => {
            const v = query.get(raw || encoded);
            if (v === null || !/^[\w-]{1,64}$/.test(v)) ok = false;
            return v || '';
          });
          return ok ? out : null;
        };
        for (const entry of urls) {
          // [url, dot path of the image the screen shows largest]: that image starts loading as soon as
          // the answer is in, not once the app has rendered it (it is the page's largest paint)
          const [marked, image] = Array.isArray(entry) ? entry : [entry];
          const u = fill(marked);
          if (u === null) continue;
          const answer = keep(
            `GET ${u}`,
            token.then((t) => call('GET', u, headers(`Bearer ${t}`))),
          );
          if (image)
            answer
              .then((a) => {
                const src = image
                  .split('.')
                  .reduce((o, k) => (o == null ? o : o[k]), JSON.parse(a.text).data);
                if (typeof src !== 'string' || !/^(\/[^/]|https?:)/.test(src)) return;
                const link = document.createElement('link');
                link.rel = 'preload';
                link.as = 'image';
                link.href = src;
                link.fetchPriority = 'high';
                document.head.appendChild(link);
              })
              .catch(() => {});
        }
      },
      take(method, url) {
        const key = `${method} ${url}`;
        const a = answers[key];
        delete answers[key];
        return a && Date.now() - a.at < C.maxAgeMs ? a.p : undefined;
      },
    };
  } catch {}
};
