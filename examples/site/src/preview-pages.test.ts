import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpResponse } from '@cms-json/core';
import { testDatabaseUrl } from '@cms-json/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { createSite, type Site } from './create-site.js';

let site: Site;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-site-preview-'));
  const config = readConfig({
    DATABASE_URL: await testDatabaseUrl({ sqlite: `sqlite:${join(dir, 'site.db')}` }),
    CMS_SECRET: 'preview-pages-test-secret-0123456789',
    CMS_ADMIN_PASSWORD: 'the admin login password',
    CMS_PREFIX: 'wp',
    CMS_SAMPLE_CONTENT: '0',
    CMS_SAMPLE_LINKS: '0',
    UPLOADS_DIR: join(dir, 'uploads'),
  });
  site = await createSite(config);
  await site.auth.users.create({
    login: 'other',
    email: 'other@example.com',
    password: 'the other login password',
    roles: ['author'],
  });
});
afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

async function handle(method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<HttpResponse> {
  const answer = await site.server.handle({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (answer === null) throw new Error(`nothing answers ${method} ${url}`);
  return answer;
}

/** Signs in with the login password: the session cookie and the REST nonce. */
async function signIn(username: string, password: string): Promise<{ cookie: string; nonce: string }> {
  const login = await handle('POST', '/wp-json/wp-auth/v1/session', {}, { username, password });
  expect(login.status).toBe(200);
  const setCookie = login.headers['Set-Cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
  return { cookie, nonce: (JSON.parse(login.body ?? '{}') as { nonce: string }).nonce };
}

/** A REST call as a signed-in user; the parsed answer. */
async function rest(as: { cookie: string; nonce: string }, method: string, path: string, body?: unknown) {
  const answer = await handle(method, `/wp-json${path}`, { cookie: as.cookie, 'x-wp-nonce': as.nonce }, body);
  return { status: answer.status, body: JSON.parse(answer.body ?? 'null') as Record<string, unknown> };
}

/** The path and query of an address on the site. */
const local = (address: string) => {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
};

describe("the example site's previews, the editor's Preview in new tab", () => {
  it("shows a published post with its author's newest autosave at the autosave's preview_link, to that user only", async () => {
    const admin = await signIn('admin', 'the admin login password');
    const post = await rest(admin, 'POST', '/wp/v2/posts', {
      title: 'Published title',
      content: 'Published text.',
      status: 'publish',
    });
    expect(post.status).toBe(201);
    const autosave = await rest(admin, 'POST', `/wp/v2/posts/${post.body.id}/autosaves`, {
      title: 'Autosaved title',
      content: 'Autosaved text, only in the preview.',
    });
    expect(autosave.status).toBe(200);
    const previewLink = String(autosave.body.preview_link);
    expect(previewLink).toMatch(/\/published-title\/\?preview_id=\d+&preview_nonce=[0-9a-f]+&preview=true$/);

    const preview = await handle('GET', local(previewLink), { cookie: admin.cookie });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('<h1>Autosaved title</h1>');
    expect(preview.body).toContain('Autosaved text, only in the preview.');
    expect(preview.headers['Cache-Control']).toContain('no-store');
    // The record's own page is unchanged.
    const own = await handle('GET', local(String(post.body.link)));
    expect(own.body).toContain('Published text.');
    expect(own.body).not.toContain('Autosaved text');

    // The nonce is the signed-in user's: anyone else is refused, as WordPress's _show_post_preview.
    const anonymous = await handle('GET', local(previewLink));
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).not.toContain('Autosaved text');
    const other = await signIn('other', 'the other login password');
    expect((await handle('GET', local(previewLink), { cookie: other.cookie })).status).toBe(403);
  });

  it('shows a draft at its preview link (/?p=ID&preview=true) to its author, and the front page to anyone else', async () => {
    const admin = await signIn('admin', 'the admin login password');
    const draft = await rest(admin, 'POST', '/wp/v2/posts', { title: 'Draft title', content: 'Draft text.', status: 'draft' });
    expect(draft.status).toBe(201);
    const link = String(draft.body.link);
    expect(link).toMatch(/\/\?p=\d+$/);
    const preview = await handle('GET', `${local(link)}&preview=true`, { cookie: admin.cookie });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('<h1>Draft title</h1>');
    expect(preview.body).toContain('Draft text.');
    // Who may not read the draft gets the page the address shows without a preview.
    const anonymous = await handle('GET', `${local(link)}&preview=true`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).not.toContain('Draft text.');
    const other = await signIn('other', 'the other login password');
    expect((await handle('GET', `${local(link)}&preview=true`, { cookie: other.cookie })).body).not.toContain('Draft text.');
  });
});
