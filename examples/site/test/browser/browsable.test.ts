/**
 * The browsable API in a real headless browser (Debian's Chromium, scripts/chromium.sh), on a
 * wide viewport: the REST root, a link to the outgoing links, page 2, sign-in with a login
 * password (no nonce in the address bar, before or after following links and reloading), a
 * link created through the generated form and seen listed, sign-in with the application
 * password `npm start` prints, the post form (field order, a multi-line content, a password
 * input, beside the JSON), a folded `?_embed` list, and the OpenAPI viewer. A screenshot per
 * step goes to .ci/out/browser/. Skipped, saying so, where no browser is installed.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSite, startSite } from '../start-site.js';
import { findChromium, type StartedBrowser, startChromium } from './chromium.js';

const executable = findChromium();
const shots = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../.ci/out/browser');
if (executable === undefined) {
  console.warn('browser check skipped: no Chromium found (run scripts/chromium.sh path, or set CMS_CHROMIUM)');
}

describe.skipIf(executable === undefined)('the browsable API in headless Chromium', () => {
  let running: RunningSite;
  let started: StartedBrowser;
  let page: Page;

  beforeAll(async () => {
    running = await startSite();
    await running.site.auth.users.create({
      login: 'browser',
      email: 'browser@example.invalid',
      password: 'a browser password 42',
      roles: ['administrator'],
    });
    started = await startChromium(executable as string, { timeoutMs: 20_000 });
    const context = started.browser.contexts()[0] ?? (await started.browser.newContext());
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    mkdirSync(shots, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await started?.close();
    await running?.stop();
  });

  const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });

  it('opens the REST root, follows a link to the outgoing links and pages to page 2', async () => {
    await page.goto(`${running.url}/cms-json/`);
    expect(await page.locator('h1 code').textContent()).toBe('/');
    expect(await page.locator('#status').textContent()).toContain('HTTP 200 OK');
    const routes = page.locator('#body details.fold > summary', { hasText: '"endpoints": [' });
    expect(await routes.count()).toBeGreaterThan(20);
    const folded = await page.evaluate<number>('document.documentElement.scrollHeight');
    const unfolded = await page.evaluate<number>(
      "document.querySelectorAll('#body details').forEach((details) => { details.open = true; }), document.documentElement.scrollHeight",
    );
    console.log(`the REST root: ${folded} px high, ${unfolded} px with every route's endpoints open`);
    await page.reload();
    await shot('01-rest-root');

    await page.locator(`#body a[href="${running.url}/cms-json/tel/v1/outgoing-links"]`).first().click();
    await page.waitForURL(`${running.url}/cms-json/tel/v1/outgoing-links`);
    expect(await page.locator('nav.paging').textContent()).toContain('Page 1 of 2 (12 in all)');
    await shot('02-outgoing-links');

    await page.locator('nav.paging a[rel="next"]').click();
    await page.waitForURL(/page=2/);
    expect(await page.locator('nav.paging').textContent()).toContain('Page 2 of 2');
    await shot('03-page-2');
  });

  /** The address bar, as the page's own script sees it. */
  const address = () => page.evaluate<string>('location.href');

  it('signs in with a login password and never shows the nonce in the address bar', async () => {
    await page.goto(`${running.url}/cms-json/tel/v1/outgoing-links`);
    expect(await page.locator('form.endpoint').count()).toBe(0);
    await page.locator('#sign-in input[name="username"]').fill('browser');
    await page.locator('#sign-in input[name="password"]').fill('a browser password 42');
    await page.locator('#sign-in button').click();
    await page.locator('#sign-out').waitFor();
    expect(await page.locator('#allow').textContent()).toBe('GET, POST');
    expect(await address()).toBe(`${running.url}/cms-json/tel/v1/outgoing-links`);
    await shot('04-signed-in');

    await page.locator('nav.paging a[rel="next"]').click();
    await page.waitForURL(/page=2/);
    await page.locator('#sign-out').waitFor();
    expect(await address()).not.toContain('nonce');
    await page.reload();
    await page.locator('#sign-out').waitFor();
    expect(await address()).not.toContain('nonce');
    await page.goBack();
    await page.waitForURL(`${running.url}/cms-json/tel/v1/outgoing-links`);
    await page.locator('#sign-out').waitFor();
    expect(await address()).not.toContain('nonce');
    await shot('04b-signed-in-after-reload-and-back');
  });

  it('creates a link through the generated form and sees it listed', async () => {
    await page.goto(`${running.url}/cms-json/tel/v1/outgoing-links`);
    await page.locator('#sign-out').waitFor();

    const form = page.locator('form.endpoint[data-method="POST"]');
    await form.locator('input[name="title"]').fill('Made in a browser');
    await form.locator('input[name="link"]').fill('https://browser.example/made');
    await form.locator('button[type="submit"]').click();
    await page.locator('#result:not([hidden])').waitFor();
    expect(await page.locator('#result').textContent()).toContain('201');
    expect(await page.locator('#body').textContent()).toContain('"Made in a browser"');
    expect(await address()).not.toContain('nonce');
    await page.evaluate('window.scrollTo(0, 0)');
    await shot('05-created-and-listed');
    await page.locator('#sign-out').click();
    await page.locator('#sign-in').waitFor();
  });

  it('signs in with the application password npm start prints', async () => {
    const printed = running.site.firstAdmin;
    expect(printed?.password).toMatch(/^(\w{4} ){5}\w{4}$/);
    await page.goto(`${running.url}/cms-json/cms/v2/posts`);
    await page.locator('#sign-in input[name="username"]').fill(printed?.login ?? '');
    await page.locator('#sign-in input[name="password"]').fill(printed?.password ?? '');
    await page.locator('#sign-in button').click();
    await page.locator('#sign-out').waitFor();
    expect(await page.locator('#allow').textContent()).toBe('GET, POST');
    expect(await address()).toBe(`${running.url}/cms-json/cms/v2/posts`);
    await shot('06-signed-in-with-application-password');
  });

  it('orders the post form by importance, with a multi-line content and a password input, beside the JSON', async () => {
    const form = page.locator('form.endpoint[data-method="POST"]');
    const names = await form.locator('[name]').evaluateAll((fields) => fields.map((field) => field.getAttribute('name')));
    expect(names.slice(0, 4)).toEqual(['title', 'content', 'excerpt', 'status']);
    expect(await form.locator('[name="content"]').evaluate((field) => field.tagName)).toBe('TEXTAREA');
    expect(await form.locator('[name="content"]').getAttribute('rows')).toBe('10');
    expect(await form.locator('[name="password"]').getAttribute('type')).toBe('password');
    expect(await form.locator('[name="password"]').isVisible()).toBe(false);
    await form.locator('details.more-fields > summary').click();
    expect(await form.locator('[name="password"]').isVisible()).toBe(true);

    const viewport = page.viewportSize();
    const json = await page.locator('#body').boundingBox();
    const forms = await page.locator('#forms').boundingBox();
    expect(json).not.toBeNull();
    expect(forms).not.toBeNull();
    if (json === null || forms === null || viewport === null) return;
    expect(forms.x).toBeGreaterThanOrEqual(json.x + json.width);
    expect(forms.y).toBeLessThan(viewport.height / 2);
    await shot('07-post-form-beside-the-json');

    await form.locator('input[name="title"]').fill('Written in a browser');
    await form.locator('textarea[name="content"]').fill('<p>First line.</p>\n<p>Second line.</p>');
    await form.locator('select[name="status"]').selectOption('publish');
    await form.locator('button[type="submit"]').click();
    await page.locator('#result:not([hidden])').waitFor();
    expect(await page.locator('#result').textContent()).toContain('201');
    expect(await page.locator('#sign-out').count()).toBe(1);
    expect(await address()).toBe(`${running.url}/cms-json/cms/v2/posts`);
  });

  it('folds a ?_embed list after its first records, and every _embedded part', async () => {
    await page.goto(`${running.url}/cms-json/cms/v2/posts?_embed&per_page=10`);
    const listed = await fetch(`${running.url}/cms-json/cms/v2/posts?per_page=10`, { headers: { Accept: 'application/json' } });
    const ids = ((await listed.json()) as { id: number }[]).map((post) => post.id);
    expect(ids.length).toBeGreaterThan(4);
    const records = page.locator('#body > details.fold:not(:has(> summary .k))');
    const summaries = await records.locator('> summary').allTextContents();
    expect(summaries).toEqual(ids.slice(3).map((id) => expect.stringMatching(new RegExp(`^ {2}\\{ "id": ${id}, "title": `))));
    expect(await page.locator('#body details.fold[open]').count()).toBe(0);
    const embedded = page.locator('#body details.fold > summary', { hasText: '"_embedded": {' });
    expect(await embedded.count()).toBe(ids.length);
    const folded = await page.evaluate<number>('document.documentElement.scrollHeight');
    await shot('08-embed-list-folded');

    await records.first().locator('> summary').click();
    expect(await page.locator('#body > details.fold[open]').count()).toBe(1);
    await records.first().locator('> summary').scrollIntoViewIfNeeded();
    await shot('09-a-folded-record-opened');
    const unfolded = await page.evaluate<number>(
      "document.querySelectorAll('#body details').forEach((details) => { details.open = true; }), document.documentElement.scrollHeight",
    );
    console.log(`a ?_embed list of ${ids.length} posts: ${folded} px high folded, ${unfolded} px with every fold open`);
    expect(folded).toBeLessThan(unfolded / 2);
  });

  it('opens the OpenAPI viewer from the page, which shows the operations', { timeout: 150_000 }, async () => {
    await page.goto(`${running.url}/cms-json/`);
    await page.locator('header a', { hasText: 'API reference' }).click();
    await page.waitForURL(`${running.url}/cms-json-viewer/`);
    // Swagger UI renders the whole document in the browser: on a busy machine that can take half a minute.
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 60_000 });
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('cms-json example site');
    // Operations render (the cms/v2 tag's first ones; Swagger UI stops rendering that tag after
    // PUT /cms/v2/users/me since issue 36's schemas, a defect left open in its note).
    await page.locator('.opblock-summary-path[data-path="/cms/v2/users"]').first().waitFor({ timeout: 60_000 });
    await shot('10-openapi-viewer');
  });
});
