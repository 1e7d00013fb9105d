/**
 * Records what the ORIGINAL's editor says in the browser flows: runs flows.ts against a
 * running WordPress 6.1 and writes, per flow, its console messages and REST calls to
 * fixtures/original-console.json, which editor.test.ts compares cms-json's run with.
 * Never run by the tests or CI; re-record by hand:
 *
 *   ORIGINAL_URL=http://127.0.0.1:8081 ORIGINAL_ADMIN='admin:<application password>' \
 *     npx tsx packages/editor/test/browser/record-original.ts
 *
 * It creates the flows' users (FLOW_USERS) with their login passwords, the category the new
 * post is filed in, and deletes every user, post, term and upload it made when it ends.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { findChromium, startChromium } from '../../../../examples/site/test/browser/chromium.js';
import { TYPED } from './flows.js';
import { writePng } from './image.js';
import type { ConsoleEntry } from './observe.js';
import { routePattern } from './observe.js';
import { runFlows } from './run-flows.js';
import { type EditorTarget, FLOW_USERS, type FlowUser } from './target.js';

const here = dirname(fileURLToPath(import.meta.url));
const origin = (process.env.ORIGINAL_URL ?? 'http://127.0.0.1:8081').replace(/\/+$/, '');
const admin = process.env.ORIGINAL_ADMIN ?? 'admin:oracleadminapppassword01';
const authorization = `Basic ${Buffer.from(admin).toString('base64')}`;

/** The original as a flow target: wp-login.php, /wp-admin/, /wp-json/. */
const original: EditorTarget = {
  name: 'original',
  origin,
  area: (path) => `${origin}/wp-admin/${path}`,
  async signIn(page: Page, user: FlowUser) {
    await page.context().clearCookies();
    await page.goto(`${origin}/wp-login.php`);
    await page.getByLabel('Username or Email Address').fill(FLOW_USERS[user].login);
    await page.getByLabel('Password', { exact: true }).fill(FLOW_USERS[user].password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/wp-admin\//);
  },
  async signOut(page: Page) {
    await page.context().clearCookies();
  },
  restRoute(url: URL) {
    if (url.origin !== origin) return undefined;
    const routed = url.searchParams.get('rest_route');
    if (routed !== null) return routed;
    return url.pathname.startsWith('/wp-json/') ? url.pathname.slice('/wp-json'.length) : undefined;
  },
  async rest(method: string, route: string, body?: unknown) {
    const res = await fetch(`${origin}/wp-json${route}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  },
};

/** The id of the record named so in a list route, made when missing. */
async function ensureTerm(route: string, name: string): Promise<{ id: number; made: boolean }> {
  const found = await original.rest('GET', `${route}?search=${encodeURIComponent(name)}&per_page=100`);
  const existing = (found.body as { id: number; name: string }[]).find((term) => term.name === name);
  if (existing !== undefined) return { id: existing.id, made: false };
  const made = await original.rest('POST', route, { name });
  if (made.status !== 201) throw new Error(`POST ${route} answered ${made.status}: ${JSON.stringify(made.body)}`);
  return { id: (made.body as { id: number }).id, made: true };
}

async function ensureUsers(): Promise<Map<FlowUser, number>> {
  const ids = new Map<FlowUser, number>();
  for (const [key, user] of Object.entries(FLOW_USERS) as [FlowUser, (typeof FLOW_USERS)[FlowUser]][]) {
    const found = await original.rest('GET', `/wp/v2/users?search=${user.login}&context=edit&roles=${user.role}`);
    const existing = (found.body as { id: number; username: string }[]).find((one) => one.username === user.login);
    const answer =
      existing === undefined
        ? await original.rest('POST', '/wp/v2/users', {
            username: user.login,
            email: `${user.login}@example.invalid`,
            password: user.password,
            roles: [user.role],
          })
        : await original.rest('POST', `/wp/v2/users/${existing.id}`, { password: user.password, roles: [user.role] });
    if (answer.status >= 300) throw new Error(`could not make the user ${user.login}: ${JSON.stringify(answer.body)}`);
    ids.set(key, (answer.body as { id: number }).id);
  }
  return ids;
}

/** The fixture: per flow, the console messages (deduplicated) and the REST calls' patterns and statuses. */
interface RecordedFlow {
  console: ConsoleEntry[];
  rest: { method: string; route: string; status: number }[];
}

async function main(): Promise<void> {
  const executable = findChromium();
  if (executable === undefined) throw new Error('no Chromium: run scripts/chromium.sh path, or set CMS_CHROMIUM');
  const scratch = mkdtempSync(join(tmpdir(), 'cms-editor-record-'));
  const shots = resolve(here, '../../../../.ci/out/editor-original');
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  const imagePath = join(scratch, 'browser-upload.png');
  writePng(imagePath, { width: 320, height: 200 });
  await removeLeftovers();
  const users = await ensureUsers();
  const category = await ensureTerm('/wp/v2/categories', TYPED.category);
  const autoDrafts = new Set<number>();
  const browser = await startChromium(executable, { timeoutMs: 30_000 });
  const started = Date.now();
  let run: Awaited<ReturnType<typeof runFlows>> | undefined;
  try {
    run = await runFlows({
      browser: browser.browser,
      target: original,
      shots,
      imagePath,
      // Every post-new.php makes an auto-draft (its id in the page's initializeEditor call); the clean-up deletes them.
      onContext: (context) =>
        context.on('response', (response) => {
          if (!response.url().includes('/wp-admin/post-new.php')) return;
          void response
            .text()
            .then((html) => {
              const id = /initializeEditor\( *'editor', *"[^"]*", *(\d+)/.exec(html)?.[1];
              if (id !== undefined) autoDrafts.add(Number(id));
            })
            .catch(() => undefined);
        }),
      ...(process.env.ONLY_FLOWS === undefined ? {} : { only: process.env.ONLY_FLOWS.split(',') }),
      onFlowEnd: (outcome) =>
        console.log(
          `${outcome.name}: ${outcome.error === undefined ? 'ran' : `FAILED ${outcome.error.message}`} in ${outcome.ms} ms`,
        ),
    });
  } finally {
    await browser.close();
  }
  const failed = run.outcomes.filter((outcome) => outcome.error !== undefined);
  const recorded: Record<string, RecordedFlow> = {};
  for (const outcome of run.outcomes) {
    const seen = new Set<string>();
    recorded[outcome.name] = {
      console: outcome.console.filter((entry) => {
        const key = `${entry.type} ${entry.text}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
      rest: outcome.rest
        .map((call) => ({ method: call.method, route: routePattern(call.route), status: call.status }))
        .filter((call) => {
          const key = `${call.method} ${call.route} ${call.status}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
    };
  }
  console.log('timings', run.context.timings, `all flows: ${Date.now() - started} ms`);
  await cleanUp(run.context.made, { category, users, autoDrafts });
  rmSync(scratch, { recursive: true, force: true });
  if (failed.length > 0) {
    throw new Error(`flows failed against the original, fixture not written: ${failed.map((one) => one.name).join(', ')}`);
  }
  const fixture = {
    recordedFrom: `WordPress at ${origin}`,
    recordedBy: 'packages/editor/test/browser/record-original.ts',
    flows: recorded,
  };
  const file = join(here, 'fixtures/original-console.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

/** Deletes what an interrupted earlier run left: records with the flows' titles, the flows' terms. */
async function removeLeftovers(): Promise<void> {
  const titled: [string, string][] = [
    ['/wp/v2/posts', TYPED.title],
    ['/wp/v2/posts', TYPED.otherTitle],
    ['/wp/v2/posts', TYPED.latestTitle],
    ['/wp/v2/posts', TYPED.contributorTitle],
    ['/wp/v2/posts', "Another author's draft"],
    ['/wp/v2/books', TYPED.bookTitle],
    ['/wp/v2/blocks', TYPED.reusableTitle],
  ];
  for (const [route, title] of titled) {
    const found = await original.rest('GET', `${route}?search=${encodeURIComponent(title)}&status=any&context=edit&per_page=100`);
    for (const record of found.body as { id: number; title: { raw: string } }[]) {
      if (record.title.raw === title) await original.rest('DELETE', `${route}/${record.id}?force=true`);
    }
  }
  for (const [route, name] of [
    ['/wp/v2/tags', TYPED.tag],
    ['/wp/v2/genres', TYPED.genre],
  ] as const) {
    const found = await original.rest('GET', `${route}?search=${encodeURIComponent(name)}&per_page=100`);
    for (const term of found.body as { id: number; name: string }[]) {
      if (term.name === name) await original.rest('DELETE', `${route}/${term.id}?force=true`);
    }
  }
  const media = await original.rest('GET', '/wp/v2/media?search=browser-upload&per_page=100');
  for (const item of media.body as { id: number }[]) await original.rest('DELETE', `/wp/v2/media/${item.id}?force=true`);
}

async function cleanUp(
  made: Awaited<ReturnType<typeof runFlows>>['context']['made'],
  setup: { category: { id: number; made: boolean }; users: Map<FlowUser, number>; autoDrafts: Set<number> },
): Promise<void> {
  const removals: string[] = [];
  for (const id of [made.postId, ...made.otherPostIds]) if (id !== undefined) removals.push(`/wp/v2/posts/${id}?force=true`);
  const kept = new Set([made.postId, made.bookId, ...made.otherPostIds]);
  for (const id of setup.autoDrafts) if (!kept.has(id)) removals.push(`/wp/v2/posts/${id}?force=true`);
  if (made.bookId !== undefined) removals.push(`/wp/v2/books/${made.bookId}?force=true`);
  for (const id of made.genreIds) removals.push(`/wp/v2/genres/${id}?force=true`);
  if (made.reusableId !== undefined) removals.push(`/wp/v2/blocks/${made.reusableId}?force=true`);
  for (const id of made.mediaIds) removals.push(`/wp/v2/media/${id}?force=true`);
  for (const id of made.tagIds) removals.push(`/wp/v2/tags/${id}?force=true`);
  if (setup.category.made) removals.push(`/wp/v2/categories/${setup.category.id}?force=true`);
  for (const id of setup.users.values()) removals.push(`/wp/v2/users/${id}?force=true&reassign=1`);
  for (const route of removals) {
    const answer = await original.rest('DELETE', route);
    if (answer.status !== 200) console.warn(`clean-up: DELETE ${route} answered ${answer.status}`);
  }
}

await main();
