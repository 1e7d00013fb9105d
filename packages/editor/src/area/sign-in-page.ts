/**
 * The area's sign-in page: a form for the site's login (username or email, and password)
 * whose small script posts to the cookie session route (`/<prefix>-auth/v1/session`), then
 * follows `redirect_to` when it names a page of this site.
 *
 * @module
 */
import { escapeHtml, type PageRequest, type PageResponse } from '@cms-json/core';
import type { AreaContext } from './area-context.js';
import { areaDocument, jsonData } from './html.js';
import { safeRedirect } from './safe-redirect.js';
import { NO_STORE } from './visitor.js';

/** The first value of a query parameter, as text. */
export function queryText(request: PageRequest, name: string): string | undefined {
  const value = request.query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * The sign-in page. `redirect_to` is followed after signing in when it is on the site (else
 * the area's list); `signed_out=1` says the user just signed out.
 *
 * @example
 * server.page({ path: '/cms-admin/sign-in', handler: (request) => signInPage(area, request) });
 */
export function signInPage(area: AreaContext, request: PageRequest): PageResponse {
  const fallback = `${request.siteUrl}${area.path}`;
  const redirectTo = safeRedirect(queryText(request, 'redirect_to'), { siteUrl: request.siteUrl, fallback });
  const data = {
    loginUrl: `${area.server.restRootUrl(request.siteUrl)}${area.server.names.prefix}-auth/v1/session`,
    redirectTo,
  };
  const notice =
    queryText(request, 'signed_out') === '1' ? '<p class="notice info" role="status">You are now signed out.</p>' : '';
  const main = `<div class="card"><h1>Sign in to ${escapeHtml(area.siteName)}</h1>${notice}
<p class="notice" id="sign-in-error" role="alert" hidden></p>
<form id="sign-in" method="post" action="${escapeHtml(request.siteUrl + area.path)}sign-in">
<label for="user_login">Username or Email Address</label><input type="text" name="log" id="user_login" autocomplete="username" required autofocus>
<label for="user_pass">Password</label><input type="password" name="pwd" id="user_pass" autocomplete="current-password" required>
<div class="buttons"><button class="button" type="submit">Sign in</button></div>
</form></div>`;
  return {
    headers: { ...NO_STORE, 'X-Frame-Options': 'SAMEORIGIN' },
    body: areaDocument(area, {
      title: 'Sign in',
      main,
      scripts: `${jsonData('sign-in-data', data)}<script>${SIGN_IN_SCRIPT}</script>`,
    }),
  };
}

/**
 * Posts the form to the session route as JSON; on success opens `redirectTo`, else shows the
 * route's message as text (the original's messages carry markup such as `<strong>Error:</strong>`).
 */
const SIGN_IN_SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById('sign-in-data').textContent);
  const form = document.getElementById('sign-in');
  const error = document.getElementById('sign-in-error');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    const button = form.querySelector('button');
    button.disabled = true;
    try {
      const response = await fetch(data.loginUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ username: form.log.value, password: form.pwd.value }),
      });
      if (response.ok) {
        location.assign(data.redirectTo);
        return;
      }
      const body = await response.json().catch(() => ({}));
      const text = new DOMParser().parseFromString(String(body.message || 'The sign-in failed.'), 'text/html').body.textContent;
      error.textContent = text;
      error.hidden = false;
    } catch {
      error.textContent = 'The site could not be reached.';
      error.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
})();`;
