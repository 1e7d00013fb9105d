/**
 * Auth abuse over the wire with the site's own cookie login (`/cms-auth/v1/session`): the
 * cookie counts only with a nonce, a wrong nonce is refused, logging out kills the cookie,
 * and neither the password nor the session token comes back in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, type Harness, invariantProblem, pollution } from './harness.js';
import { type Listening, listen, send, type WireResponse } from './http.js';

const BASE = '/cms-json/tel/v1/outgoing-links';
let h: Harness;
let served: Listening;
const seen: string[] = [];
const problems: string[] = [];

async function call(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<WireResponse & { json: Record<string, unknown> }> {
  const res = await send(served.port, { method, path, headers, body, timeoutMs: 30_000 });
  seen.push(res.body, JSON.stringify(res.headers));
  const problem = invariantProblem(res, { method, url: path });
  if (problem !== undefined) problems.push(problem);
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(res.body) as Record<string, unknown>;
  } catch {}
  return { ...res, json };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const create = (title: string) => `title=${encodeURIComponent(title)}&link=${encodeURIComponent('https://cookie.test/')}`;

beforeAll(async () => {
  h = await buildHarness();
  served = await listen(h.server);
});

afterAll(async () => {
  await served.close();
  const secrets = (await h.secrets()).filter((s) => s.length >= 8);
  await h.close();
  const everything = seen.join('\n');
  for (const secret of secrets) expect(everything.includes(secret), `a secret (${secret.slice(0, 4)}…) leaked`).toBe(false);
  expect(everything).not.toMatch(/pass_hash|"hash"|\$scrypt\$/);
  expect(problems).toEqual([]);
  expect(pollution()).toBeUndefined();
});

describe('cookie login over the wire', () => {
  it('a wrong password, an unknown user and a cross-site login are refused', async () => {
    const wrong = await call(
      'POST',
      '/cms-json/cms-auth/v1/session',
      form,
      `username=editor&password=${encodeURIComponent('not it')}`,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('incorrect_password');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await call('POST', '/cms-json/cms-auth/v1/session', form, 'username=nobody&password=x');
    expect(unknown.status).toBe(401);
    expect(unknown.json.code).toBe('invalid_username');
    const cross = await call(
      'POST',
      '/cms-json/cms-auth/v1/session',
      { ...form, origin: 'https://evil.test' },
      `username=editor&password=${encodeURIComponent(h.editor.password)}`,
    );
    expect(cross.status).toBe(403);
    expect(cross.headers['set-cookie']).toBeUndefined();
  });

  it('the cookie writes only with its nonce, and not after logout', async () => {
    const login = await call(
      'POST',
      '/cms-json/cms-auth/v1/session',
      form,
      `username=editor&password=${encodeURIComponent(h.editor.password)}`,
    );
    expect([200, 201]).toContain(login.status);
    const setCookie = login.headers['set-cookie'];
    const line =
      (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.startsWith(`${h.auth.cookieName}=`)) ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    const cookie = line.split(';')[0] ?? '';
    const nonce = String(login.json.nonce);
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);

    const noNonce = await call('POST', BASE, { ...form, cookie }, create('No nonce'));
    expect(noNonce.status).toBe(401);
    expect(noNonce.json.code).toBe('rest_forbidden');

    const wrongNonce = await call('POST', BASE, { ...form, cookie, 'x-cms-nonce': '0000000000' }, create('Wrong nonce'));
    expect(wrongNonce.status).toBe(403);
    expect(wrongNonce.json.code).toBe('rest_cookie_invalid_nonce');

    const ok = await call('POST', BASE, { ...form, cookie, 'x-cms-nonce': nonce }, create('With nonce'));
    expect(ok.status).toBe(201);

    const fresh = await call('GET', '/cms-json/cms-auth/v1/nonce', { cookie });
    expect(fresh.status).toBe(200);
    const refreshed = String(fresh.json.nonce);
    const again = await call('POST', BASE, { ...form, cookie, 'x-cms-nonce': refreshed }, create('Fresh nonce'));
    expect(again.status).toBe(201);

    const logout = await call('DELETE', '/cms-json/cms-auth/v1/session', { cookie, 'x-cms-nonce': refreshed });
    expect(logout.status).toBe(200);
    const after = await call('POST', BASE, { ...form, cookie, 'x-cms-nonce': refreshed }, create('After logout'));
    expect(after.status).toBe(403);
    expect(after.json.code).toBe('rest_cookie_invalid_nonce');
    const stored = await h.database.db
      .selectFrom('outgoing_links')
      .select('title')
      .where('link', '=', 'https://cookie.test/')
      .execute();
    expect(stored.map((r) => r.title).sort()).toEqual(['Fresh nonce', 'With nonce']);
  });

  it('a subscriber logged in by cookie, with a valid nonce, may not write', async () => {
    const login = await call(
      'POST',
      '/cms-json/cms-auth/v1/session',
      form,
      `username=subscriber&password=${encodeURIComponent(h.subscriber.password)}`,
    );
    expect([200, 201]).toContain(login.status);
    const setCookie = login.headers['set-cookie'];
    const cookie = ((Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? '').split(';')[0] ?? '';
    const res = await call('POST', BASE, { ...form, cookie, 'x-cms-nonce': String(login.json.nonce) }, create('Subscriber'));
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('rest_forbidden');
  });
});
