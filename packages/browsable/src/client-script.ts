/**
 * The browsable page's script, as text inlined in the page (no build step, no CDN).
 *
 * Signing in: with the login password, through the cookie session route (the session's nonce
 * is kept for the tab in `sessionStorage`); with an application password (the shape
 * `abcd efgh ijkl mnop qrst uvwx`), as HTTP Basic credentials kept in the page's memory only
 * (never stored; reloading the page forgets them). Either way the credential travels in a
 * request header, never in the URL: once signed in, the script follows the API's links
 * itself (it fetches the next page with the header, puts it in place and records the address
 * with `history.pushState`), and a page that arrives signed out while the tab holds a nonce
 * (a reload, a new tab, a typed address) is fetched again with it. A credential that stopped
 * working is dropped and the page shown signed out. The generated forms are sent as JSON with
 * the same header. The credential is only ever sent to the page's own origin.
 *
 * @module
 */

/** The script. It reads its settings from the `data-*` attributes of `<body>`. */
export const CLIENT_SCRIPT = `(() => {
  const APP_PASSWORD = /^[A-Za-z0-9]{4}( ?[A-Za-z0-9]{4}){5}$/;
  const data = () => document.body.dataset;
  const nonceKey = () => 'cms-json-nonce:' + data().root;
  const resultKey = () => 'cms-json-result:' + data().root;
  let basic = null;
  const ownOrigin = (url) => new URL(url, location.href).origin === location.origin;
  const credential = () => {
    if (basic) return { Authorization: basic };
    const nonce = sessionStorage.getItem(nonceKey());
    return nonce ? { [data().nonceHeader]: nonce } : null;
  };
  const forget = () => {
    basic = null;
    sessionStorage.removeItem(nonceKey());
  };
  const show = (status, text) => {
    const out = document.getElementById('result');
    out.hidden = false;
    out.textContent = status + '\\n' + text;
  };
  const fetchPage = async (url, headers) => {
    try {
      const res = await fetch(url, { headers: { Accept: 'text/html', ...headers }, credentials: 'same-origin' });
      if (!(res.headers.get('content-type') || '').startsWith('text/html')) return null;
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      return doc.body.dataset.signedIn === 'true' ? doc : null;
    } catch {
      return null;
    }
  };
  const put = (doc, url, how) => {
    for (const script of doc.querySelectorAll('script')) script.remove();
    document.replaceChild(document.adoptNode(doc.documentElement), document.documentElement);
    if (how === 'push') history.pushState(null, '', url);
    if (how === 'push') window.scrollTo(0, 0);
    start();
    if (how === 'push') document.querySelector('h1')?.focus();
  };
  const go = async (url, how) => {
    const headers = ownOrigin(url) ? credential() : null;
    const doc = headers && (await fetchPage(url, headers));
    if (doc) return put(doc, url, how);
    if (headers) forget();
    if (how === 'replace') location.replace(url); else location.assign(url);
  };
  const send = async (method, url, body) => {
    const headers = { Accept: 'application/json', ...(ownOrigin(url) ? credential() : null) };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
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
  const toBase64 = (text) => btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));
  const start = () => {
    const d = data();
    const here = new URL(location.href);
    if (here.searchParams.has(d.nonceParam)) {
      here.searchParams.delete(d.nonceParam);
      history.replaceState(null, '', here.href);
    }
    if (d.signedIn !== 'true' && credential()) {
      go(here.href, 'here');
      return;
    }
    const last = sessionStorage.getItem(resultKey());
    if (last) {
      sessionStorage.removeItem(resultKey());
      const saved = JSON.parse(last);
      show(saved.status, saved.text);
    }
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
        sessionStorage.setItem(resultKey(), JSON.stringify({ status: sent.status, text: sent.pretty }));
        if (method === 'DELETE' && d.up) go(d.up, 'push'); else go(location.href, 'replace');
      });
    }
    const signIn = document.getElementById('sign-in');
    signIn?.addEventListener('submit', async (event) => {
      event.preventDefault();
      const form = new FormData(signIn);
      const username = String(form.get('username'));
      const password = String(form.get('password'));
      if (APP_PASSWORD.test(password.trim())) {
        const tried = 'Basic ' + toBase64(username + ':' + password.trim());
        const doc = await fetchPage(location.href, { Authorization: tried });
        if (doc) {
          sessionStorage.removeItem(nonceKey());
          basic = tried;
          put(doc, location.href, 'here');
          return;
        }
      }
      if (!d.sessionUrl) { show('Not signed in', 'The user name or the application password is wrong.'); return; }
      const sent = await send('POST', d.sessionUrl, { username, password });
      if (!sent.res.ok) { show(sent.status, sent.pretty); return; }
      sessionStorage.setItem(nonceKey(), JSON.parse(sent.text).nonce);
      go(location.href, 'here');
    });
    document.getElementById('sign-out')?.addEventListener('click', async () => {
      if (!basic && d.sessionUrl) await send('DELETE', d.sessionUrl);
      forget();
      location.replace(location.href);
    });
  };
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || link.target || link.hasAttribute('download') || link.type || !credential()) return;
    if (!link.href.startsWith(data().root) || !ownOrigin(link.href)) return;
    const url = new URL(link.href);
    if (url.hash && url.href.split('#')[0] === location.href.split('#')[0]) return;
    event.preventDefault();
    go(link.href, 'push');
  });
  window.addEventListener('popstate', () => {
    if (credential()) go(location.href, 'here'); else location.reload();
  });
  start();
})();
`;
