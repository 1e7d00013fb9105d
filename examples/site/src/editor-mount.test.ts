import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabaseUrl } from '@cms-json/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { createSite, type Site } from './create-site.js';

let site: Site;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-site-editor-'));
  const config = readConfig({
    DATABASE_URL: await testDatabaseUrl({ sqlite: `sqlite:${join(dir, 'site.db')}` }),
    CMS_SECRET: 'editor-mount-test-secret-0123456789',
    CMS_ADMIN_PASSWORD: 'the admin login password',
    UPLOADS_DIR: join(dir, 'uploads'),
  });
  site = await createSite(config);
});
afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string, cookie?: string) => {
  const answer = await site.server.handle({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
  if (answer === null) throw new Error(`nothing answers ${url}`);
  return answer;
};

describe('the example site mounts the authoring area', () => {
  it('at /cms-admin/, for the administrator signing in with CMS_ADMIN_PASSWORD', async () => {
    expect(site.firstAdmin?.loginPassword).toBeUndefined();
    expect((await get('/cms-admin/')).status).toBe(302);
    expect((await get('/cms-admin/sign-in')).status).toBe(200);
    const login = await site.server.handle({
      method: 'POST',
      url: '/cms-json/cms-auth/v1/session',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'the admin login password' }),
    });
    expect(login?.status).toBe(200);
    const setCookie = login?.headers['Set-Cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
    const posts = await get('/cms-admin/', cookie);
    expect(posts.status).toBe(200);
    // The sample content is listed, and the books are a type of the area.
    expect(posts.body).toContain('<h1>Posts</h1>');
    expect(posts.body).toMatch(/post\.php\?post=\d+&amp;action=edit/);
    expect(posts.body).toContain('?post_type=book');
    expect((await get('/cms-admin/?post_type=book', cookie)).status).toBe(200);
  });
});
