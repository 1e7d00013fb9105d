/**
 * The browsable API in a real headless browser (Debian's Chromium, scripts/chromium.sh):
 * the REST root, a link to the outgoing links, page 2, sign-in, a link created through the
 * generated form and seen listed. Screenshots go to .ci/out/browser/. Skipped, saying so,
 * where no browser is installed.
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

  it('signs in, creates a link through the generated form and sees it listed', async () => {
    await page.goto(`${running.url}/cms-json/tel/v1/outgoing-links`);
    expect(await page.locator('form.endpoint').count()).toBe(0);
    await page.locator('#sign-in input[name="username"]').fill('browser');
    await page.locator('#sign-in input[name="password"]').fill('a browser password 42');
    await page.locator('#sign-in button').click();
    await page.locator('#sign-out').waitFor();
    expect(await page.locator('#allow').textContent()).toBe('GET, POST');
    await shot('04-signed-in');

    const form = page.locator('form.endpoint[data-method="POST"]');
    await form.locator('input[name="title"]').fill('Made in a browser');
    await form.locator('input[name="link"]').fill('https://browser.example/made');
    await form.locator('button[type="submit"]').click();
    await page.locator('#result:not([hidden])').waitFor();
    expect(await page.locator('#result').textContent()).toContain('201');
    expect(await page.locator('#body').textContent()).toContain('"Made in a browser"');
    await page.evaluate('window.scrollTo(0, 0)');
    await shot('05-created-and-listed');
  });

  it('opens the OpenAPI viewer from the page, which shows the operations', async () => {
    await page.goto(`${running.url}/cms-json/`);
    await page.locator('header a', { hasText: 'API reference' }).click();
    await page.waitForURL(`${running.url}/cms-json-viewer/`);
    await page.locator('.swagger-ui .info .title').waitFor();
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('cms-json example site');
    await page.locator('.opblock-summary-path[data-path="/tel/v1/outgoing-links"]').first().waitFor();
    await shot('06-openapi-viewer');
  });
});
