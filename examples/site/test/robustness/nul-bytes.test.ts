/**
 * U+0000 in any string a client sends (issue 16, item 5). PostgreSQL cannot store or compare
 * it in text and answered 500; SQLite took it. Now every declared argument holding one (query,
 * form, JSON, nested) is refused by the core's argument check, 400 `rest_invalid_param`, on
 * both databases alike; a Basic or cookie login holding one names no user (401
 * `invalid_username`, as any unknown login), without a query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, type Harness, handle, invariantProblem, parseBody } from './harness.js';

const BASE = '/cms-json/tel/v1/outgoing-links';
let h: Harness;
let linkId: number;

beforeAll(async () => {
  h = await buildHarness();
  linkId = (await h.createLink('Nul target', 'https://nul.test')).id;
});

afterAll(async () => {
  await h.close();
});

type Call = { method: string; url: string; headers?: Record<string, string>; body?: string };

async function call(request: Call) {
  const res = await handle(h.server, { headers: {}, ...request });
  expect(invariantProblem(res, request)).toBeUndefined();
  return { status: res.status, json: parseBody(res.body) as { code?: string; data?: { status?: number; params?: object } } };
}

const json = (authorization: string) => ({ authorization, 'content-type': 'application/json' });

describe('a declared argument with U+0000 is 400 rest_invalid_param', () => {
  const cases: [string, () => Call, string][] = [
    ['an anonymous ?search=%00', () => ({ method: 'GET', url: `${BASE}?search=%00` }), 'search'],
    ['a search term with a NUL inside', () => ({ method: 'GET', url: `${BASE}?search=a%00b` }), 'search'],
    ['a user search', () => ({ method: 'GET', url: '/cms-json/cms/v2/users?search=%00' }), 'search'],
    ['a users slug list', () => ({ method: 'GET', url: '/cms-json/cms/v2/users?slug[]=a&slug[]=%00' }), 'slug'],
    [
      'a JSON title',
      () => ({ method: 'POST', url: BASE, headers: json(h.editor.basic), body: '{"title":"a\\u0000b","link":"https://x.test"}' }),
      'title',
    ],
    [
      'a form title',
      () => ({
        method: 'POST',
        url: BASE,
        headers: { authorization: h.editor.basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'title=a%00&link=https%3A%2F%2Fx.test',
      }),
      'title',
    ],
    [
      'an update of the link',
      () => ({
        method: 'PATCH',
        url: `${BASE}/${linkId}`,
        headers: json(h.editor.basic),
        body: '{"link":"https://x.test/\\u0000"}',
      }),
      'link',
    ],
    [
      'a user name',
      () => ({
        method: 'POST',
        url: `/cms-json/cms/v2/users/${h.editor.id}`,
        headers: json(h.admin.basic),
        body: '{"first_name":"\\u0000"}',
      }),
      'first_name',
    ],
  ];

  it.each(cases)('%s', async (_name, request, param) => {
    const res = await call(request());
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
    expect(res.json.data?.status).toBe(400);
    expect(Object.keys(res.json.data?.params ?? {})).toEqual([param]);
  });

  it('stored nothing', async () => {
    const rows = await h.database.db.selectFrom('outgoing_links').select('title').execute();
    expect(rows.map((row) => row.title)).toEqual(['Nul target']);
  });
});

describe('a login with U+0000 names no user', () => {
  it.each([
    ['a Basic login', `Basic ${Buffer.from('adm\0in:abcd abcd abcd abcd abcd abcd').toString('base64')}`],
    ['a Basic login that is only a NUL', `Basic ${Buffer.from('\0:x').toString('base64')}`],
  ])('%s is 401 invalid_username', async (_name, authorization) => {
    const res = await call({ method: 'GET', url: '/cms-json/cms/v2/users/me', headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('invalid_username');
  });

  // Application passwords keep only letters and digits before hashing, as the original does.
  it('a Basic application password with a NUL is read as the original reads it, not a 500', async () => {
    const authorization = `Basic ${Buffer.from(`editor:${h.editor.appPassword}\0`).toString('base64')}`;
    const res = await call({ method: 'GET', url: '/cms-json/cms/v2/users/me', headers: { authorization } });
    expect(res.status).toBe(200);
  });
});
