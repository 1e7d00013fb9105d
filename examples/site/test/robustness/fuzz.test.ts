/**
 * Fuzzing (issue 8) of every route the root index lists, in process through
 * `server.handle` and over a real socket through the node adapter. Invariants: no 5xx (no
 * fault is injected here), every error in the wire shape with the status it is sent with,
 * no CR/LF in a header, no crash, no polluted prototype, no secret in any response.
 *
 * Counts: `FUZZ_RUNS` (default 20,000 in process; 100,000 with `ROBUSTNESS_FULL=1`) and
 * `FUZZ_SOCKET_RUNS` (default 3% of that);
 * `FUZZ_SEED` (default fixed, `random` for a new one each run); `ROBUSTNESS_EXPLORE=1` writes
 * each failing request to /tmp/robustness-failure-*.json.
 */
import { writeFileSync } from 'node:fs';
import { Agent, METHODS } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRequest, type RouteShape, schemaRequest, type Who } from './arbitraries.js';
import {
  buildHarness,
  concretePath,
  envInt,
  type Harness,
  handle,
  indexedRoutes,
  invariantProblem,
  parseBody,
  pollution,
} from './harness.js';
import { type Listening, listen, send } from './http.js';
import { itemProbeAnswer, itemRoutesBroken } from './probe.js';

// `ROBUSTNESS_FULL=1`: the long run of issue 16, 100,000 requests (about 50 s on 2 cores);
// CI runs 20,000 (about 12 s), enough for the fixed seed's coverage at a modest cost.
const RUNS = envInt('FUZZ_RUNS', process.env.ROBUSTNESS_FULL === '1' ? 100_000 : 20_000);
const SOCKET_RUNS = envInt('FUZZ_SOCKET_RUNS', Math.max(100, Math.round(RUNS * 0.03)));
const SLICES = 4;
const RANDOM_SLICES = SLICES - 1;
const PER_SLICE = Math.ceil(RUNS / SLICES);
// A fixed seed keeps CI deterministic; `FUZZ_SEED=random` (or a number) explores further.
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : envInt('FUZZ_SEED', 20_261_122);

let h: Harness;
let routes: string[];
let shapes: RouteShape[];
let pathValues: (name: string) => readonly string[];
let credentials: Record<Who, Record<string, string>>;
let secrets: string[];
let cases = 0;
let parserRejections = 0;
const statusClasses = new Map<string, number>();

/**
 * Known bugs the fuzzing keeps finding, reported to the lead and pinned by `it.fails` cases
 * in named-cases.test.ts. A hit is counted, not failed, so that the rest stays covered.
 */
const knownBugHits = new Map<string, number>();
function knownBug(url: string, failure: string, status?: number): string | undefined {
  // BUG-1: `_embed` / `_fields` given as a nested map (`_embed[a][b]=1`) make parseEmbed /
  // parseFields call String() on a prototype-free object: a rejection or a 500 (TypeError).
  const nestedEmbed = /(?:^|[?&])(?:_embed|_fields)(?:%5B|\[)/i.test(url);
  if (nestedEmbed && (/Cannot convert object to primitive value/.test(failure) || status === 500)) return 'BUG-1';
  // BUG-2: a nonce of 10 characters that are not all ASCII (`_cmsnonce=éééééééééé`) makes the
  // nonce check call timingSafeEqual on buffers of different byte lengths: RangeError.
  if (/Input buffers must have the same byte length/.test(failure) || (status === 500 && /_cmsnonce=/i.test(url))) return 'BUG-2';
  // BUG-0: the item routes answer 500 ($ZodAsyncError) while the core parses async refinements synchronously.
  if (itemRoutesBroken && status !== undefined && status >= 500 && /outgoing-links(?:\/|%2F)(?:\d|%3\d)/i.test(url))
    return 'BUG-0';
  return undefined;
}

function count(bug: string): void {
  knownBugHits.set(bug, (knownBugHits.get(bug) ?? 0) + 1);
}

/** The status a response really carries (inside `_envelope` too). */
function effectiveStatus(res: { status: number; body: string | null }): number {
  if (res.status !== 200 || res.body === null || !res.body.includes('"status"')) return res.status;
  const parsed = parseBody(res.body) as { status?: unknown; body?: unknown; headers?: unknown } | undefined;
  return parsed !== undefined && typeof parsed.status === 'number' && 'body' in parsed && 'headers' in parsed
    ? parsed.status
    : res.status;
}

/** Checks one response; throws on a broken invariant that is not a known bug. */
function check(
  method: string,
  url: string,
  res: { status: number; headers: Record<string, string | string[] | undefined>; body: string | null },
  dump: unknown,
): void {
  const problem = invariantProblem(res, { method, url });
  if (problem !== undefined) {
    const bug = knownBug(url, problem, effectiveStatus(res));
    if (bug !== undefined && process.env.ROBUSTNESS_EXPLORE === '1')
      console.log(`known ${bug}: ${problem.slice(0, 300)} :: ${url.slice(0, 300)}`);
    if (bug !== undefined) {
      count(bug);
      return;
    }
    if (process.env.ROBUSTNESS_EXPLORE === '1') writeFileSync(`/tmp/robustness-failure-${Date.now()}.json`, JSON.stringify(dump));
    throw new Error(`${problem}\nrequest: ${JSON.stringify(dump).slice(0, 3000)}`);
  }
  const leaked = leak(res.body);
  if (leaked !== undefined) throw new Error(`${method} ${url}: response leaks ${leaked.slice(0, 6)}…`);
  const polluted = pollution();
  if (polluted !== undefined) throw new Error(`prototype polluted after ${method} ${url}: ${polluted}`);
}

function leak(body: string | null): string | undefined {
  if (body === null) return undefined;
  if (/pass_hash|"hash"\s*:|\$scrypt\$/.test(body)) return 'a hash field';
  return secrets.find((s) => body.includes(s));
}

beforeAll(async () => {
  h = await buildHarness();
  for (let i = 0; i < 5; i += 1) await h.createLink(`Seed ${i}`, `https://seed${i}.test`);
  await h.createLink('PHP Manual', 'https://php.net');
  const indexed = await indexedRoutes(h.server);
  routes = indexed.flatMap((r) => [
    concretePath(r.pattern, '1'),
    concretePath(r.pattern, '999999'),
    concretePath(r.pattern, 'me'),
  ]);
  routes = [...new Set(routes)];
  shapes = indexed;
  const uuids = (await h.database.db.selectFrom('application_passwords').select('uuid').execute()).map((r) => r.uuid);
  pathValues = (name) =>
    name === 'uuid' ? [...uuids, '00000000-0000-4000-8000-000000000000', 'x'] : ['1', '2', '3', 'me', '999999', '0'];
  const login = await h.auth.login(h.editor.login, h.editor.password);
  if ('error' in login) throw new Error(login.error.message);
  const cookie = `${h.auth.cookieName}=${encodeURIComponent(login.session.cookie)}`;
  credentials = {
    anonymous: {},
    editor: { authorization: h.editor.basic },
    subscriber: { authorization: h.subscriber.basic },
    admin: { authorization: h.admin.basic },
    'garbage-basic': { authorization: 'Basic Zm9vOmJhcg==' },
    'cookie-no-nonce': { cookie },
    'cookie-bad-nonce': { cookie, 'x-cms-nonce': '0123456789' },
  };
  secrets = [...(await h.secrets()), login.session.token].filter((s) => s.length >= 8);
  if (itemRoutesBroken) console.warn(`[robustness] BUG-0: GET /tel/v1/outgoing-links/<id> answers ${itemProbeAnswer}`);
});

afterAll(async () => {
  await h.close();
  console.info(
    `[robustness] seed ${SEED}; fuzz cases run: ${cases} (in process ${RUNS} requested, socket ${SOCKET_RUNS} requested); known-bug hits: ${JSON.stringify(Object.fromEntries(knownBugHits))}; refused by Node's parser: ${parserRejections}; in-process answers: ${JSON.stringify(Object.fromEntries(statusClasses))}`,
  );
});

describe('fuzzing in process (server.handle)', () => {
  it('the root index lists the plugin routes that are fuzzed', () => {
    expect(routes).toEqual(expect.arrayContaining(['/', '/tel/v1', '/tel/v1/outgoing-links', '/tel/v1/outgoing-links/1']));
  });

  const runInProcess = async (request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: string | Uint8Array | undefined;
    who: Who;
  }) => {
    cases += 1;
    const headers = { ...request.headers, ...credentials[request.who] };
    let res: Awaited<ReturnType<typeof handle>>;
    try {
      res = await handle(h.server, { method: request.method, url: request.url, headers, body: request.body });
    } catch (error) {
      const bug = knownBug(request.url, String(error));
      if (bug !== undefined) {
        count(bug);
        return;
      }
      throw new Error(`server.handle rejected for ${request.method} ${request.url.slice(0, 200)}: ${String(error)}`);
    }
    const klass = `${Math.floor(res.status / 100)}xx`;
    statusClasses.set(klass, (statusClasses.get(klass) ?? 0) + 1);
    check(request.method, request.url, res, {
      ...request,
      body: request.body instanceof Uint8Array ? [...request.body] : request.body,
    });
  };

  for (let slice = 0; slice < RANDOM_SLICES; slice += 1) {
    it(`slice ${slice + 1}/${RANDOM_SLICES}: ${PER_SLICE} random requests keep every invariant`, {
      timeout: 600_000,
    }, async () => {
      await fc.assert(fc.asyncProperty(fuzzRequest(routes), runInProcess), {
        numRuns: PER_SLICE,
        seed: SEED + slice,
        endOnFailure: true,
      });
    });
  }

  it(`${PER_SLICE} requests shaped by the index (declared arguments, real path parameters) keep every invariant`, {
    timeout: 600_000,
  }, async () => {
    await fc.assert(fc.asyncProperty(schemaRequest(shapes, pathValues), runInProcess), {
      numRuns: PER_SLICE,
      seed: SEED + 50,
      endOnFailure: true,
    });
  });

  it('the database is intact after the run', async () => {
    const res = await handle(h.server, { method: 'GET', url: '/cms-json/tel/v1/outgoing-links?per_page=100', headers: {} });
    expect(res.status).toBe(200);
    // The fuzzing (as the administrator, too) may add or remove users, never the first administrator.
    const admin = await h.database.db.selectFrom('users').select('login').where('id', '=', h.admin.id).executeTakeFirst();
    expect(admin?.login).toBe('admin');
  });
});

describe('fuzzing over a socket (node adapter)', () => {
  let served: Listening;
  let agent: Agent;
  beforeAll(async () => {
    served = await listen(h.server);
    agent = new Agent({ keepAlive: true, maxSockets: 8 });
  });
  afterAll(async () => {
    agent.destroy();
    await served.close();
  });

  it(`${SOCKET_RUNS} random requests over HTTP keep every invariant`, { timeout: 600_000 }, async () => {
    console.info(`[robustness] socket fuzz through ${served.adapter}`);
    await fc.assert(
      fc.asyncProperty(fuzzRequest(routes), async (request) => {
        cases += 1;
        // Only what a client can put on the wire: a request-target without spaces or
        // non-ASCII, header values without CR/LF, no forged Content-Length.
        const path = request.url.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c.replace(/[\uD800-\uDFFF]/g, '\uFFFD')));
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries({ ...request.headers, ...credentials[request.who] })) {
          if (name === 'content-length') continue;
          headers[name] = value.replace(/[^\x20-\x7e]/g, '');
        }
        // Node's parser answers an unknown method with its own bare 400 before any handler runs.
        const upper = request.method.toUpperCase();
        const method = METHODS.includes(upper) && upper !== 'CONNECT' ? upper : 'GET';
        const body =
          method === 'GET' || method === 'HEAD' ? undefined : request.body === undefined ? undefined : Buffer.from(request.body);
        const res = await send(served.port, { method, path, headers, body, agent, timeoutMs: 60_000 });
        // Node's HTTP parser itself refuses some requests (431 for a request line over 16 KiB):
        // a bare answer with only `Connection: close`, before the adapter sees anything.
        if ((res.status === 431 || res.status === 400) && res.body === '' && Object.keys(res.headers).join() === 'connection') {
          parserRejections += 1;
          return;
        }
        // The adapter answers a rejected server.handle with a bare 500.
        if (res.status === 500 && (res.body.includes('rest_internal_error') || method === 'HEAD')) {
          const bug = knownBug(path, '', 500);
          if (bug !== undefined) {
            count(bug);
            return;
          }
        }
        check(method, path, res, { method, path, headers, body: body?.toString('latin1') });
      }),
      { numRuns: SOCKET_RUNS, seed: SEED + 99, endOnFailure: true },
    );
    expect(served.errors).toEqual([]);
  });
});
