/**
 * The browsable page's script, as text inlined in the page (no build step, no CDN). It signs
 * in and out through the cookie session route, keeps the session's nonce for the tab
 * (`sessionStorage`) and adds it to the API's links, and sends the generated forms as JSON
 * with the nonce header.
 *
 * @module
 */

/** The script. It reads its settings from the `data-*` attributes of `<body>`. */
export const CLIENT_SCRIPT = `(() => {
  const d = document.body.dataset;
  const key = 'cms-json-nonce:' + d.root;
  const resultKey = 'cms-json-result:' + d.root;
  const signedIn = d.signedIn === 'true';
  const here = new URL(location.href);
  const param = d.nonceParam;
  let nonce = sessionStorage.getItem(key);
  if (!signedIn && here.searchParams.has(param)) {
    sessionStorage.removeItem(key);
    here.searchParams.delete(param);
    location.replace(here.href);
    return;
  }
  if (nonce && !signedIn) {
    here.searchParams.set(param, nonce);
    location.replace(here.href);
    return;
  }
  if (signedIn && !nonce) nonce = here.searchParams.get(param);
  if (signedIn && nonce) {
    for (const a of document.querySelectorAll('a[href]')) {
      if (!a.href.startsWith(d.root)) continue;
      const url = new URL(a.href);
      url.searchParams.set(param, nonce);
      a.href = url.href;
    }
  }
  const out = document.getElementById('result');
  const show = (status, text) => {
    out.hidden = false;
    out.textContent = status + '\\n' + text;
  };
  const last = sessionStorage.getItem(resultKey);
  if (last) {
    sessionStorage.removeItem(resultKey);
    const saved = JSON.parse(last);
    show(saved.status, saved.text);
  }
  const send = async (method, url, body) => {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (nonce) headers[d.nonceHeader] = nonce;
    const res = await fetch(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let pretty = text;
    try { pretty = JSON.stringify(JSON.parse(text), null, 2); } catch {}
    return { res, text, pretty, status: res.status + ' ' + res.statusText };
  };
  const valueOf = (field) => {
    const value = field.value;
    switch (field.dataset.type) {
      case 'integer': case 'number': return Number(value);
      case 'boolean': return value === 'true';
      case 'array': return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
      case 'object': return JSON.parse(value);
      default: return value;
    }
  };
  for (const form of document.querySelectorAll('form.endpoint')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const body = {};
      for (const field of form.querySelectorAll('[name]')) {
        if (field.value === '') continue;
        try { body[field.name] = valueOf(field); } catch { show('Not sent', field.name + ': not valid JSON'); return; }
      }
      const method = form.dataset.method;
      const sent = await send(method, form.dataset.url, Object.keys(body).length === 0 && method === 'DELETE' ? undefined : body);
      if (!sent.res.ok) { show(sent.status, sent.pretty); return; }
      sessionStorage.setItem(resultKey, JSON.stringify({ status: sent.status, text: sent.pretty }));
      if (method === 'DELETE' && d.up) location.assign(d.up); else location.reload();
    });
  }
  const signIn = document.getElementById('sign-in');
  if (signIn) {
    signIn.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(signIn);
      const sent = await send('POST', d.sessionUrl, { username: data.get('username'), password: data.get('password') });
      if (!sent.res.ok) { show(sent.status, sent.pretty); return; }
      sessionStorage.setItem(key, JSON.parse(sent.text).nonce);
      location.reload();
    });
  }
  const signOut = document.getElementById('sign-out');
  if (signOut) {
    signOut.addEventListener('click', async () => {
      await send('DELETE', d.sessionUrl);
      sessionStorage.removeItem(key);
      here.searchParams.delete(param);
      location.replace(here.href);
    });
  }
})();
`;
