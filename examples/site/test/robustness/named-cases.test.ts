/**
 * Named bad inputs (issue 8), mostly in process (bodies also through the node adapter):
 * paging bounds, oversized and invalid bodies, header injection through query values, JSONP
 * injection, `_method` on a GET, SQL metacharacters, long search terms. The cases that need a
 * real socket (raw HTTP, pipelining, aborted bodies, redirects): `socket-cases.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, type Harness, handle, headerOf, invariantProblem, parseBody, pollution } from './harness.js';
import { type Listening, listen, send, sendRaw, withListening } from './http.js';
import { itemProbeAnswer, itemRoutesBroken } from './probe.js';

const BASE = '/cms-json/tel/v1/outgoing-links';
let h: Harness;
let link: { id: number; slug: string };
const problems: string[] = [];

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await handle(h.server, { method: 'GET', url, headers });
  const problem = invariantProblem(res, { method: 'GET', url });
  if (problem !== undefined) problems.push(problem);
  return {
    ...res,
    json: parseBody(res.body) as Record<string, unknown> & { data?: { status?: number; params?: Record<string, unknown> } },
  };
}

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await handle(h.server, { method: 'POST', url, headers: { authorization: h.editor.basic, ...headers }, body });
  const problem = invariantProblem(res, { method: 'POST', url });
  if (problem !== undefined) problems.push(problem);
  return { ...res, json: parseBody(res.body) as Record<string, unknown> };
}

beforeAll(async () => {
  h = await buildHarness();
  link = await h.createLink('PHP Manual', 'https://php.net');
  for (let i = 0; i < 4; i += 1) await h.createLink(`Filler ${i}`, `https://filler${i}.test`);
});

afterAll(async () => {
  await h.close();
  expect(problems).toEqual([]);
  expect(pollution()).toBeUndefined();
});

describe('paging bounds', () => {
  it.each(['0', '101', '1000', '-1', '1.5', 'abc', '1e3'])('per_page=%s is 400 rest_invalid_param', async (value) => {
    const res = await get(`${BASE}?per_page=${value}`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
    expect(Object.keys(res.json.data?.params ?? {})).toEqual(['per_page']);
  });

  it.each(['1', '100'])('per_page=%s is accepted', async (value) => {
    const res = await get(`${BASE}?per_page=${value}`);
    expect(res.status).toBe(200);
  });

  it.each(['0', '-1', '99999999999999999999', '1e308', 'NaN', 'Infinity'])('page=%s is 400 rest_invalid_param', async (value) => {
    const res = await get(`${BASE}?page=${value}`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
  });

  it('a huge page within the integers is an empty page with the totals, not an error', async () => {
    for (const page of [String(Number.MAX_SAFE_INTEGER), '2147483648', '92233720368547']) {
      const res = await get(`${BASE}?page=${page}&per_page=100`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual([]);
      expect(headerOf(res, 'X-CMS-Total')).toBe('5');
      expect(headerOf(res, 'X-CMS-TotalPages')).toBe('1');
    }
  });

  it.each(['-1', '-9999999999', '-0.5'])('offset=%s is 400', async (value) => {
    const res = await get(`${BASE}?offset=${value}`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
  });

  it('a huge offset is an empty page', async () => {
    const res = await get(`${BASE}?offset=${Number.MAX_SAFE_INTEGER}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it('repeated keys keep the last value; bracketed keys are lists and never a 5xx', async () => {
    const last = await get(`${BASE}?per_page=1000&per_page=2`);
    expect(last.status).toBe(200);
    expect(last.json).toHaveLength(2);
    for (const q of ['per_page[]=1', 'page[a]=1', 'order[]=asc', 'search[]=x', 'orderby[__proto__]=id', 'context[0][1]=edit']) {
      const res = await get(`${BASE}?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});

describe('bodies', () => {
  let served: Listening;
  beforeAll(async () => {
    served = await listen(h.server);
  });
  afterAll(async () => {
    await served.close();
  });

  it('a body over the limit is 413 rest_body_too_large through the node adapter, and the server keeps serving', async () => {
    const limit = h.server.options.maxBodyBytes;
    const body = JSON.stringify({ title: 'big', link: 'https://big.test', pad: 'x'.repeat(limit) });
    const res = await send(served.port, {
      method: 'POST',
      path: BASE,
      headers: { authorization: h.editor.basic, 'content-type': 'application/json' },
      body,
    }).catch((error: unknown) => ({ status: -1, headers: {}, body: String(error) }));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ code: 'rest_body_too_large', message: expect.any(String), data: { status: 413 } });
    // Chunked, without Content-Length: the limit is enforced while reading.
    const chunked = await sendRaw(
      served.port,
      `POST ${BASE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${(limit + 10).toString(16)}\r\n${'y'.repeat(limit + 10)}\r\n0\r\n\r\n`,
      20_000,
    );
    expect(chunked.slice(0, 12)).toBe('HTTP/1.1 413');
    const after = await send(served.port, { path: `${BASE}?per_page=1` });
    expect(after.status).toBe(200);
    expect(served.errors).toEqual([]);
  });

  it('a body at the limit is read', async () => {
    const limit = h.server.options.maxBodyBytes;
    const base = JSON.stringify({ title: 'edge', link: 'https://edge.test', pad: '' });
    const body = base.replace('"pad":""', `"pad":"${'z'.repeat(limit - base.length)}"`);
    expect(Buffer.byteLength(body)).toBe(limit);
    const res = await send(served.port, {
      method: 'POST',
      path: BASE,
      headers: { authorization: h.editor.basic, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(201);
  });

  it('an invalid UTF-8 JSON body is 400 rest_invalid_json, in process and over the socket', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"title":"'),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
      Buffer.from('","link":"https://u.test"}'),
    ]);
    const inProcess = await handle(h.server, {
      method: 'POST',
      url: BASE,
      headers: { authorization: h.editor.basic, 'content-type': 'application/json' },
      body: new Uint8Array(bytes),
    });
    expect(inProcess.status).toBe(400);
    expect(parseBody(inProcess.body)).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
    const wire = await send(served.port, {
      method: 'POST',
      path: BASE,
      headers: { authorization: h.editor.basic, 'content-type': 'application/json' },
      body: bytes,
    });
    expect(wire.status).toBe(400);
    expect(JSON.parse(wire.body)).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
  });

  it('malformed, deep and wrong-typed bodies are 4xx errors in the wire shape', async () => {
    const bodies: [string, string][] = [
      ['application/json', '{"title":'],
      ['application/json', '['.repeat(50_000)],
      ['application/json', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
      ['application/json', '"just a string"'],
      ['application/json', 'null'],
      ['application/json', '[1,2,3]'],
      ['text/plain', '{"title":"t","link":"https://t.test"}'],
      ['application/xml', '<a/>'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nt\r\n--x--'],
      ['application/json', JSON.stringify({ title: 7, link: ['x'] })],
      ['application/json', JSON.stringify({ title: 'x'.repeat(101), link: 'https://l.test' })],
    ];
    for (const [type, body] of bodies) {
      const res = await post(BASE, body, { 'content-type': type });
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBeLessThan(500);
    }
  });

  it('malformed percent escapes in a form body are kept as sent (lenient, never a 5xx)', async () => {
    const res = await post(BASE, 'title=%E0%A4%A&link=%%%', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(201);
    expect(res.json.title).toBe('%E0%A4%A');
  });
});

describe('header injection', () => {
  const evil = [
    'a%0D%0ASet-Cookie:%20pwned=1',
    'a%0ALocation:%20https://evil.test',
    '%22%3E%3Cscript%3E',
    'a\'b"c',
    '%E2%80%A8x',
  ];

  it('CRLF and quotes in query values never reach a response header unescaped', async () => {
    for (const value of evil) {
      for (const url of [
        `${BASE}?search=${value}&per_page=1&page=2`,
        `${BASE}?per_page=1&page=2&x=${value}`,
        `${BASE}?per_page=1&page=2&${value}=1`,
        `${BASE}?per_page=1&page=2&a[${value}]=1`,
      ]) {
        const res = await get(url);
        for (const [name, raw] of Object.entries(res.headers)) {
          for (const v of Array.isArray(raw) ? raw : [raw]) {
            expect(v, `${url} header ${name}`).not.toMatch(/[\r\n\u2028\0]|<script>/i);
            if (name.toLowerCase() === 'link') {
              // Inside `<…>` only URL characters (no space, quote or angle bracket): the targets are percent-encoded.
              for (const target of v.match(/<[^>]*>/g) ?? []) expect(target, url).toMatch(/^<[\x21\x23-\x3b\x3d\x3f-\x7e]*>$/);
            }
          }
        }
      }
    }
  });

  it('an Origin with CRLF is never echoed', async () => {
    const res = await get(`${BASE}`, { origin: 'https://a.test\r\nSet-Cookie: x=1' });
    expect(headerOf(res, 'Access-Control-Allow-Origin')).toBeUndefined();
  });

  it('over the socket, a CRLF in a query value stays percent-encoded in Link and never splits a header', async () => {
    await withListening(h.server, async (served) => {
      const raw = await sendRaw(
        served.port,
        `GET ${BASE}?per_page=1&page=2&search=a%0D%0ASet-Cookie:%20pwned=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      );
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      expect(head.startsWith('HTTP/1.1 200')).toBe(true);
      expect(head).not.toMatch(/^set-cookie:/im);
    });
  });
});

describe('JSONP', () => {
  it.each([
    'alert(1)',
    '</script><script>alert(1)</script>',
    'a;alert(1)',
    'a\nalert(1)',
    'a%0Aalert(1)',
    '(function(){})',
    'a b',
    'x\u2028y',
    '{}',
  ])('callback %j is refused with 400 rest_callback_invalid and never echoed', async (callback) => {
    const res = await get(`${BASE}?_jsonp=${encodeURIComponent(callback)}`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_callback_invalid');
    expect(res.body).not.toContain(callback);
    expect(res.body).not.toMatch(/<\/?script/i);
  });

  it('an empty callback is plain JSON, as in the original (any other answer but a 5xx is acceptable)', async () => {
    const res = await get(`${BASE}?_jsonp=`);
    expect(res.status).toBeLessThan(500);
  });

  it.skipIf(itemRoutesBroken)('a valid callback wraps the body and data cannot break out of it', async () => {
    const created = await post(
      BASE,
      JSON.stringify({ title: '</script><script>alert(1)</script>', link: 'https://x.test/</script>' }),
      {
        'content-type': 'application/json',
      },
    );
    expect(created.status).toBe(201);
    const res = await get(`${BASE}/${String(created.json.id)}?_jsonp=cb.ok_1`);
    expect(res.status).toBe(200);
    expect(res.body?.startsWith('/**/cb.ok_1(')).toBe(true);
    expect(headerOf(res, 'Content-Type')).toMatch(/^application\/javascript/);
    // The wrapped JSON parses back, so nothing escaped the call.
    expect(parseBody(res.body)).toMatchObject({ id: created.json.id });
    expect(res.body).not.toContain('\u2028');
  });
});

describe('method override', () => {
  it('_method=DELETE on a GET is ignored: the link still exists', async () => {
    const attempts = [
      handle(h.server, { method: 'GET', url: `${BASE}/${link.id}?_method=DELETE`, headers: { authorization: h.editor.basic } }),
      handle(h.server, {
        method: 'GET',
        url: `${BASE}/${link.id}?_method=delete&force=true`,
        headers: { authorization: h.editor.basic },
      }),
      handle(h.server, {
        method: 'GET',
        url: `${BASE}/${link.id}`,
        headers: { authorization: h.editor.basic, 'x-http-method-override': 'DELETE' },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      // A read (200), unless BUG-0 breaks item reads (probe.ts); never a deletion.
      if (!itemRoutesBroken) {
        expect(res.status).toBe(200);
        expect(parseBody(res.body)).toMatchObject({ id: link.id, title: 'PHP Manual' });
      }
      expect(parseBody(res.body)).not.toMatchObject({ deleted: true });
    }
    const row = await h.database.db.selectFrom('outgoing_links').select('title').where('id', '=', link.id).executeTakeFirst();
    expect(row?.title).toBe('PHP Manual');
  });

  it('_method on a GET to the collection never creates', async () => {
    const before = await get(`${BASE}?per_page=1`);
    const res = await get(`${BASE}?_method=POST&title=x&link=https://x.test`, { authorization: h.editor.basic });
    expect(res.status).toBe(200);
    const after = await get(`${BASE}?per_page=1`);
    expect(headerOf(after, 'X-CMS-Total')).toBe(headerOf(before, 'X-CMS-Total'));
  });
});

describe('SQL metacharacters', () => {
  const titles = [
    "'; DROP TABLE outgoing_links; --",
    '100% off_sale',
    'back\\slash \\% \\_',
    'quote " and \' and `tick`',
    "Robert'); DELETE FROM users;--",
  ];

  it('are stored and returned verbatim, and search matches them literally', async () => {
    const ids: number[] = [];
    for (const title of titles) {
      const linkValue = `https://sql.test/?q=${encodeURIComponent(title)}&raw=%_\\`;
      const res = await post(BASE, JSON.stringify({ title, link: linkValue }), { 'content-type': 'application/json' });
      expect(res.status, title).toBe(201);
      expect(res.json.title).toBe(title);
      expect(res.json.link).toBe(linkValue);
      ids.push(Number(res.json.id));
    }
    const listed = (await get(`${BASE}?per_page=100`)).json as unknown as { id: number; title: string }[];
    for (const [i, title] of titles.entries()) expect(listed.find((l) => l.id === ids[i])?.title).toBe(title);
    // `%` and `_` are literal in search: "100%" finds only the sale, "_" only titles with an underscore.
    const percent = await get(`${BASE}?search=${encodeURIComponent('100%')}&per_page=100`);
    expect((percent.json as unknown as { title: string }[]).map((l) => l.title)).toEqual(['100% off_sale']);
    const underscore = await get(`${BASE}?search=${encodeURIComponent('f_s')}&per_page=100`);
    expect((underscore.json as unknown as { title: string }[]).map((l) => l.title)).toEqual(['100% off_sale']);
    const backslash = await get(`${BASE}?search=${encodeURIComponent('\\%')}&per_page=100`);
    expect((backslash.json as unknown as { title: string }[]).map((l) => l.title)).toEqual(['back\\slash \\% \\_']);
    const quote = await get(`${BASE}?search=${encodeURIComponent("'); DELETE")}&per_page=100`);
    expect((quote.json as unknown as { title: string }[]).map((l) => l.title)).toEqual(["Robert'); DELETE FROM users;--"]);
    // The tables are all still there.
    const count = await h.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
    const all = await get(`${BASE}?per_page=100`);
    expect(all.status).toBe(200);
  });

  it('metacharacters in orderby, order and context are refused, not run', async () => {
    for (const q of ['orderby=id;DROP TABLE outgoing_links', 'order=asc,(select 1)', "context=edit'--", 'orderby=title%20desc']) {
      const res = await get(`${BASE}?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});

describe('known bugs (reported; `it.fails` until fixed)', () => {
  // BUG-0 (seen in a working copy of packages/core/src/schema/args.ts, since fixed): arguments
  // parsed with Zod's synchronous `safeParse` only, so the plugin's async `id` refinement
  // (examples/outgoing-links/src/routes.ts `existingId`) threw $ZodAsyncError and every item
  // route answered 500 rest_internal_error. A guard against its return: runs only while a plain
  // read of an existing link fails (probe.ts); the item-route tests are then skipped.
  it.runIf(itemRoutesBroken).fails(`BUG-0: reading an existing link is 200 (now: ${itemProbeAnswer.slice(0, 60)})`, async () => {
    const res = await handle(h.server, { method: 'GET', url: `${BASE}/${link.id}`, headers: {} });
    expect(res.status).toBe(200);
  });

  // BUG-1 (packages/core/src/pipeline/embed.ts:26 parseEmbed `parseList(value).map(String)`, and
  // pipeline/fields.ts:25 parseFields `String(field)`): `_embed` or `_fields` sent as a nested
  // map (`_embed[a][b]=1`, `_fields[0][1]=x`) reach `String()` on a prototype-free query map,
  // which throws "Cannot convert object to primitive value": server.handle rejected (earlier
  // core) or answers 500 rest_internal_error (current core), for any route, anonymously.
  // Expected: the parameter ignored, or 400 rest_invalid_param; never a 5xx.
  it('BUG-1: _embed[a][b]=1 and _fields[0][1]=x are answered without a 5xx', async () => {
    for (const q of ['_embed[a][b]=1', '_fields[a][b]=1', '_embed[0][1]=1', '_fields[0][1]=x']) {
      const res = await h.server.handle({ method: 'GET', url: `${BASE}?${q}`, headers: {} });
      expect(res?.status).toBeLessThan(500);
    }
  });

  // BUG-2 (packages/content/src/nonces.ts:71, `same`): the nonce check compares string
  // lengths, then calls timingSafeEqual on the UTF-8 buffers; a 10-character nonce with
  // non-ASCII characters (`_cmsnonce=éééééééééé`, or the same in `X-CMS-Nonce`) gives buffers
  // of different byte lengths and a RangeError (ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH): a 500
  // rest_internal_error (or a rejected server.handle with an earlier core) for any request,
  // anonymous included. Expected: 403 rest_cookie_invalid_nonce (compare the buffers' lengths).
  it('BUG-2: a 10-character non-ASCII nonce is 403 rest_cookie_invalid_nonce', async () => {
    const res = await h.server.handle({
      method: 'GET',
      url: `${BASE}?_cmsnonce=${encodeURIComponent('é'.repeat(10))}`,
      headers: {},
    });
    expect(res?.status).toBe(403);
    expect(parseBody(res?.body ?? null)).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
  });
});

describe('long search terms', () => {
  it('a 200-character search is an empty page; a 20,000-character one is 400 rest_invalid_param', async () => {
    const fits = await get(`${BASE}?search=${'a'.repeat(200)}`);
    expect(fits.status).toBe(200);
    expect(fits.json).toEqual([]);
    const res = await get(`${BASE}?search=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { search: 'search must be at most 200 characters long.' } },
    });
  });

  // BUG-7 (examples/outgoing-links/src/store.ts `#filtered`, and packages/content/src/users.ts
  // `list`): the search term goes into a LIKE pattern of any length; past SQLite's 50,000-byte
  // limit the query fails with "LIKE or GLOB pattern too complex", so the list answers 500
  // (tel/rest/get_items with the database text; rest_internal_error on /cms/v2/users). The URL
  // limit keeps a GET below that, but a POST with `_method=GET` carries the term in a JSON
  // body of up to 1 MiB, anonymously for the public tel/v1 list. Expected: 400 (a maxLength on
  // `search`) or an answer, never a 5xx.
  it('BUG-7: a 60,000-character search (POST with _method=GET) is not a 5xx', async () => {
    const res = await handle(h.server, {
      method: 'POST',
      url: `${BASE}?_method=GET`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search: 'a'.repeat(60_000) }),
    });
    expect(res.status).toBeLessThan(500);
  });
});
