import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTelWorker } from './worker.js';

const appPassword = 'abcd EFGH ijkl MNOP qrst UVWX';
const basic = (login: string, password: string) => `Basic ${btoa(`${login}:${password}`)}`;
const folder = mkdtempSync(join(tmpdir(), 'tel-site-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const request = (path: string, init: RequestInit = {}) => new Request(`http://127.0.0.1${path}`, init);

describe('the tel site worker on Node (in process, through its fetch)', () => {
  it('creates the first administrator from CMS_ADMIN_APP_PASSWORD, who can write links; anonymous cannot', async () => {
    const env = { DATABASE_URL: `sqlite:${join(folder, 'first.db')}`, CMS_ADMIN_APP_PASSWORD: appPassword };
    const worker = createTelWorker();
    const me = await worker.fetch(
      request('/cms-json/cms/v2/users/me?context=edit', { headers: { authorization: basic('admin', appPassword) } }),
      env,
    );
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ slug: 'admin', roles: ['administrator'] });
    const created = await worker.fetch(
      request('/cms-json/tel/v1/outgoing-links', {
        method: 'POST',
        headers: { authorization: basic('admin', appPassword), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Kysely', link: 'https://kysely.dev/' }),
      }),
      env,
    );
    expect(created.status).toBe(201);
    const anonymous = await worker.fetch(
      request('/cms-json/tel/v1/outgoing-links', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'No', link: 'https://no.test/' }),
      }),
      env,
    );
    expect(anonymous.status).toBe(401);
    expect((await worker.fetch(request('/cms-json/tel/v1/outgoing-links'), env)).status).toBe(200);
  });

  it('keeps the users of an earlier start: a second start makes no second administrator', async () => {
    const env = { DATABASE_URL: `sqlite:${join(folder, 'again.db')}`, CMS_ADMIN_APP_PASSWORD: appPassword };
    expect((await createTelWorker().fetch(request('/cms-json/cms/v2/users'), env)).status).toBe(200);
    const other = { ...env, CMS_ADMIN_USER: 'root', CMS_ADMIN_APP_PASSWORD: 'zzzz zzzz zzzz zzzz zzzz zzzz' };
    const worker = createTelWorker();
    const users = await worker.fetch(
      request('/cms-json/cms/v2/users?context=edit', { headers: { authorization: basic('admin', appPassword) } }),
      other,
    );
    expect(users.status).toBe(200);
    expect(((await users.json()) as { slug: string }[]).map((user) => user.slug)).toEqual(['admin']);
  });

  it('refuses the administrator with a wrong application password', async () => {
    const env = { DATABASE_URL: 'sqlite::memory:', CMS_ADMIN_APP_PASSWORD: appPassword };
    const res = await createTelWorker().fetch(
      request('/cms-json/cms/v2/users/me', { headers: { authorization: basic('admin', 'wrong wrong wrong wrong wrong wrong') } }),
      env,
    );
    expect(res.status).toBe(401);
  });

  it('fails to start without CMS_ADMIN_APP_PASSWORD or a database, naming what to set, and starts once they are given', async () => {
    const worker = createTelWorker();
    const quiet = silenceConsoleError();
    try {
      await expect(worker.fetch(request('/cms-json/'), { DATABASE_URL: 'sqlite::memory:' })).rejects.toThrow(
        /CMS_ADMIN_APP_PASSWORD is required/,
      );
      await expect(worker.fetch(request('/cms-json/'), { CMS_ADMIN_APP_PASSWORD: appPassword })).rejects.toThrow(
        /set DATABASE_URL .* or bind a D1 database as DB/,
      );
    } finally {
      quiet();
    }
    const res = await worker.fetch(request('/cms-json/'), {
      DATABASE_URL: 'sqlite::memory:',
      CMS_ADMIN_APP_PASSWORD: appPassword,
    });
    expect(res.status).toBe(200);
  });
});

/** Keeps the worker's start-up error lines out of the test output; returns the undo. */
function silenceConsoleError(): () => void {
  const original = console.error;
  console.error = () => {};
  return () => {
    console.error = original;
  };
}
