/**
 * `authorize-application.php` in the area: WordPress's application-password authorization
 * page (the `authorization` endpoint the REST index advertises under
 * `authentication.application-passwords`). An application sends the user here with
 * `app_name`, `app_id`, `success_url` and `reject_url`; approving creates an application
 * password through the REST route (`POST /<ns>/users/me/application-passwords`, with the
 * page's nonce) and sends the browser to `success_url` with `site_url`, `user_login` and
 * `password`; rejecting sends it to `reject_url` (by default `success_url` with
 * `success=false`).
 *
 * @module
 */
import { escapeHtml, type PageRequest, type PageResponse } from '@cms-json/core';
import type { AreaContext } from './area-context.js';
import { areaDocument, jsonData } from './html.js';
import { header } from './list-page.js';
import { queryText } from './sign-in-page.js';
import { NO_STORE, requestUrl, signedInVisitor, signInUrl } from './visitor.js';

/** The UUID form `app_id` must have (WordPress's `wp_is_uuid`, any version). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Addresses of this machine, where `http:` is accepted for a redirect (a local application). */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/**
 * Why a redirect URL of the request is refused (WordPress's
 * `wp_is_authorize_application_redirect_url_valid`), or `undefined` when it is acceptable:
 * an absolute URL with a host, not `javascript:` or `data:`, and over HTTPS unless it is
 * `http:` to this machine (`localhost`, `127.0.0.1`, `[::1]`). Empty is acceptable (none).
 *
 * @example
 * redirectUrlProblem('https://app.example/done'); // undefined
 * redirectUrlProblem('http://app.example/done'); // 'The URL must be served over a secure connection.'
 */
export function redirectUrlProblem(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url)) return 'Invalid URL format.';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Invalid URL format.';
  }
  const scheme = parsed.protocol.slice(0, -1).toLowerCase();
  if (parsed.hostname === '' || scheme === 'javascript' || scheme === 'data') return 'Invalid URL format.';
  if (scheme === 'http' && !isLocalHost(parsed.hostname)) return 'The URL must be served over a secure connection.';
  return undefined;
}

/**
 * The problems of an authorization request (WordPress's
 * `wp_is_authorize_application_password_request_valid`): its two URLs, and `app_id`, which
 * must be a UUID when given.
 *
 * @example
 * authorizationProblems({ success_url: 'javascript:alert(1)' }); // ['Invalid URL format.']
 */
export function authorizationProblems(request: {
  success_url?: string | undefined;
  reject_url?: string | undefined;
  app_id?: string | undefined;
}): string[] {
  const problems: string[] = [];
  const success = redirectUrlProblem(request.success_url);
  if (success !== undefined) problems.push(success);
  const reject = redirectUrlProblem(request.reject_url);
  if (reject !== undefined) problems.push(reject);
  if (request.app_id !== undefined && request.app_id !== '' && !UUID.test(request.app_id)) {
    problems.push('The application ID must be a UUID.');
  }
  return problems;
}

/** `url` with `success=false` added to its query (WordPress's `add_query_arg`). */
function withQuery(url: string, values: Record<string, string>): string {
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(values)) parsed.searchParams.set(name, value);
  return parsed.href;
}

/**
 * The authorization page. Signed out: a 302 to the sign-in page and back. A request with a bad
 * `success_url`, `reject_url` or `app_id`: a 400 page "Cannot Authorize Application" with the
 * original's words (WordPress answers it with `wp_die`'s 500).
 *
 * @example
 * server.page({ path: '/cms-admin/authorize-application.php', handler: (request) => authorizeApplicationPage(area, request) });
 */
export async function authorizeApplicationPage(area: AreaContext, request: PageRequest): Promise<PageResponse> {
  const visitor = await signedInVisitor(area, request);
  if (visitor === undefined) {
    return { status: 302, headers: { Location: signInUrl(area, request.siteUrl, requestUrl(request)), ...NO_STORE }, body: '' };
  }
  const appName = queryText(request, 'app_name') ?? '';
  const appId = queryText(request, 'app_id') ?? '';
  const successUrl = queryText(request, 'success_url') || undefined;
  const givenReject = queryText(request, 'reject_url') || undefined;
  const problems = authorizationProblems({ success_url: successUrl, reject_url: givenReject, app_id: appId });
  if (problems.length > 0) {
    return {
      status: 400,
      headers: { ...NO_STORE },
      body: areaDocument(area, {
        title: 'Cannot Authorize Application',
        main: `<div class="card" role="alert"><h1>Cannot Authorize Application</h1><p>${escapeHtml(
          ['The Authorize Application request is not allowed.', ...problems].join(' '),
        )}</p></div>`,
      }),
    };
  }
  const rejectUrl = givenReject ?? (successUrl === undefined ? undefined : withQuery(successUrl, { success: 'false' }));
  const areaUrl = `${request.siteUrl}${area.path}`;
  const data = {
    createUrl: `${area.server.restRootUrl(request.siteUrl)}${area.namespace}/users/me/application-passwords`,
    nonceHeader: area.server.names.nonceHeader,
    nonce: visitor.nonce,
    siteUrl: request.siteUrl,
    userLogin: visitor.user.login,
    success: successUrl ?? null,
    reject: rejectUrl ?? areaUrl,
  };
  const asking =
    appName === ''
      ? '<p>Would you like to give this application access to your account? You should only do this if you trust the application in question.</p>'
      : `<p>Would you like to give the application identifying itself as <strong>${escapeHtml(appName)}</strong> access to your account? You should only do this if you trust the application in question.</p>`;
  const successPreview =
    successUrl === undefined
      ? 'You will be given a password to manually enter into the application in question.'
      : `You will be sent to <strong><code>${escapeHtml(withQuery(successUrl, { site_url: request.siteUrl, user_login: visitor.user.login, password: '[------]' }))}</code></strong>`;
  const rejectPreview =
    rejectUrl === undefined
      ? 'You will be returned to the list of posts, and no changes will be made.'
      : `You will be sent to <strong><code>${escapeHtml(rejectUrl)}</code></strong>`;
  const main = `<h1>Authorize Application</h1>
<p class="notice" id="authorize-error" role="alert" hidden></p>
<div class="card"><h2>An application would like to connect to your account.</h2>${asking}
<div id="new-password" class="notice info" role="status" hidden><p><label for="new-application-password-value">Your new password for <strong id="new-password-name"></strong> is:</label>
<input id="new-application-password-value" type="text" readonly></p><p>Be sure to save this in a safe location. You will not be able to retrieve it.</p></div>
<form id="authorize" method="post">
<input type="hidden" name="app_id" value="${escapeHtml(appId)}">
<label for="app_name">New Application Password Name</label><input type="text" id="app_name" name="app_name" value="${escapeHtml(appName)}" required>
<div class="buttons"><button class="button" type="submit" name="approve" value="1" aria-describedby="description-approve">Yes, I approve of this connection</button></div>
<p id="description-approve">${successPreview}</p>
<div class="buttons"><button class="button secondary" type="button" id="reject" aria-describedby="description-reject">No, I do not approve of this connection</button></div>
<p id="description-reject">${rejectPreview}</p>
</form></div>`;
  return {
    headers: { ...NO_STORE, 'X-Frame-Options': 'DENY' },
    body: areaDocument(area, {
      title: 'Authorize Application',
      main,
      header: header(area, request, visitor),
      scripts: `${jsonData('authorize-data', data)}<script>${AUTHORIZE_SCRIPT}</script>`,
    }),
  };
}

/** As WordPress's `auth-app.js`: the password is made through the REST API, then the browser is sent on. */
const AUTHORIZE_SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById('authorize-data').textContent);
  const form = document.getElementById('authorize');
  const error = document.getElementById('authorize-error');
  document.getElementById('reject').addEventListener('click', () => location.assign(data.reject));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    const button = form.querySelector('[name=approve]');
    button.disabled = true;
    const request = { name: form.app_name.value };
    if (form.app_id.value) request.app_id = form.app_id.value;
    const response = await fetch(data.createUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [data.nonceHeader]: data.nonce },
      body: JSON.stringify(request),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      error.textContent = body.message || 'The application password could not be created.';
      error.hidden = false;
      button.disabled = false;
      return;
    }
    if (data.success) {
      const url = new URL(data.success);
      url.searchParams.set('site_url', data.siteUrl);
      url.searchParams.set('user_login', data.userLogin);
      url.searchParams.set('password', body.password);
      location.assign(url.href);
      return;
    }
    form.hidden = true;
    document.getElementById('new-password-name').textContent = body.name;
    document.getElementById('new-application-password-value').value = body.password;
    document.getElementById('new-password').hidden = false;
  });
})();`;
