/**
 * The block editor in the `cms` profile (the example site's default: `/cms-admin/`, the API at
 * `/cms-json/cms/v2`, `X-CMS-…` headers, `cms:` relations), in headless Chromium: the flows
 * that sign in, write a post with its blocks, image, category and new tag, save the draft,
 * reload it and publish it (flows.ts, the same code as against the `wp` profile in
 * editor.test.ts). The bundle translates the editor's WordPress names into the API's
 * (client/profile-translation.ts): every REST call the browser makes must go to `cms/v2`
 * and none may answer 404 or 5xx. Screenshots and rest-calls.json land in .ci/out/editor-cms/. Skipped, saying
 * so, where no browser is installed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, type StartedBrowser, startChromium } from '../../../../examples/site/test/browser/chromium.js';
import { ADMIN_BASIC, type RunningSite, startSite } from '../../../../examples/site/test/start-site.js';
import { editorAssets } from '../../src/assets.js';
import { TYPED } from './flows.js';
import { writePng } from './image.js';
import { type FlowsRun, runFlows } from './run-flows.js';
import { type EditorTarget, FLOW_USERS, type FlowUser } from './target.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const executable = findChromium();
const out = resolve(here, '../../../../.ci/out/editor-cms');
if (executable === undefined) {
  console.warn(
    'editor browser test (cms profile) skipped: no Chromium found (run scripts/chromium.sh path, or set CMS_CHROMIUM)',
  );
}

/** The flows run in this profile: sign-in, a new post written and saved as a draft, reloaded, published. */
const CMS_FLOWS = ['sign-in', 'write-a-post', 'reload-the-draft', 'publish'] as const;

/** `/wp/v2/…` (the flows' routes, WordPress's) as the cms profile names it, and back. */
const toCms = (route: string) => route.replace(/^\/wp\/v2(?=[/?]|$)/, '/cms/v2');
const toWordPress = (route: string) => route.replace(/^\/cms\/v2(?=\/|$)/, '/wp/v2');

/**
 * The example site in the cms profile as a flow target: `/cms-admin/`, sign-in at
 * `/cms-admin/sign-in`, the API at `/cms-json/`. The flows name routes as WordPress does; the
 * target maps them to `cms/v2` and the browser's calls back, and keeps the calls as sent.
 */
function cmsProfileTarget(running: RunningSite, sent: string[]): EditorTarget {
  const origin = new URL(running.url).origin;
  const restRoot = running.site.server.names.restRoot;
  const apiRoute = (url: URL): string | undefined => {
    if (url.origin !== origin) return undefined;
    const routed = url.searchParams.get('rest_route');
    if (routed !== null) return routed;
    return url.pathname.startsWith(`${restRoot}/`) ? url.pathname.slice(restRoot.length) : undefined;
  };
  return {
    name: 'cms-json (cms profile)',
    origin,
    area: (path) => `${origin}/cms-admin/${path}`,
    async signIn(page: Page, user: FlowUser) {
      await page.context().clearCookies();
      await page.goto(`${origin}/cms-admin/sign-in`);
      await page.getByLabel('Username or Email Address').fill(FLOW_USERS[user].login);
      await page.getByLabel('Password', { exact: true }).fill(FLOW_USERS[user].password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The sign-in page is itself in the area: wait to leave it.
      await page.waitForURL((url) => url.pathname.startsWith('/cms-admin/') && !url.pathname.endsWith('/sign-in'));
    },
    async signOut(page: Page) {
      await page.context().clearCookies();
    },
    restRoute(url: URL) {
      const route = apiRoute(url);
      if (route === undefined) return undefined;
      sent.push(route);
      return toWordPress(route);
    },
    async rest(method: string, route: string, body?: unknown) {
      const res = await fetch(`${origin}${restRoot}${toCms(route)}`, {
        method,
        headers: { authorization: ADMIN_BASIC, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
  };
}

describe.skipIf(executable === undefined)('the block editor in the cms profile, in headless Chromium', () => {
  let running: RunningSite;
  let started: StartedBrowser;
  let run: FlowsRun;
  /** Every REST route the browser called, as sent (the observer sees each call once or twice). */
  const sent: string[] = [];
  let runMs = 0;

  beforeAll(async () => {
    const began = Date.now();
    running = await startSite({ CMS_SAMPLE_LINKS: '0' });
    expect(running.site.server.names.prefix).toBe('cms');
    for (const user of Object.values(FLOW_USERS)) {
      await running.site.auth.users.create({
        login: user.login,
        email: `${user.login}@example.invalid`,
        password: user.password,
        roles: [user.role],
      });
    }
    await editorAssets();
    const target = cmsProfileTarget(running, sent);
    const category = await target.rest('POST', '/wp/v2/categories', { name: TYPED.category });
    expect(category.status).toBe(201);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const imagePath = join(running.dir, 'browser-upload.png');
    writePng(imagePath, { width: 320, height: 200 });
    started = await startChromium(executable as string, { timeoutMs: 30_000 });
    run = await runFlows({
      browser: started.browser,
      target,
      shots: out,
      imagePath,
      only: CMS_FLOWS,
      // These four flows take well under a minute; a flow not begun after 100 s is reported as not run.
      deadline: began + 100_000,
      onFlowEnd: (outcome) =>
        console.log(
          `editor flow (cms profile) ${outcome.name}: ${outcome.error === undefined ? 'passed' : `failed: ${outcome.error.message}`} (${outcome.ms} ms)`,
        ),
    });
    runMs = Date.now() - began;
    const calls = run.outcomes.flatMap((outcome) => outcome.rest.map((call) => ({ flow: outcome.name, ...call })));
    writeFileSync(join(out, 'rest-calls.json'), `${JSON.stringify(calls, null, 2)}\n`);
    console.log(`editor browser test (cms profile): ${runMs} ms in all; ${sent.length} REST calls seen`);
  }, 150_000);

  afterAll(async () => {
    await started?.close();
    await running?.stop();
  });

  for (const name of CMS_FLOWS) {
    it(`runs the flow "${name}" to the end`, () => {
      const outcome = run.outcomes.find((one) => one.name === name);
      expect(outcome).toBeDefined();
      expect(outcome?.error?.message).toBeUndefined();
    });
  }

  it("sends every REST call of the editor to the cms profile's namespace, none answering 404 or 5xx", () => {
    const calls = run.outcomes.flatMap((outcome) => outcome.rest);
    expect(calls.length).toBeGreaterThan(10);
    const failed = calls
      .filter((call) => call.status === 0 || call.status === 404 || call.status >= 500)
      .map((call) => `${call.method} ${call.route}${call.query} → ${call.status}`);
    expect(failed).toEqual([]);
    expect(sent.filter((route) => route.startsWith('/wp/'))).toEqual([]);
    expect(sent.filter((route) => route.startsWith('/cms/v2/')).length).toBeGreaterThan(10);
  });
});
