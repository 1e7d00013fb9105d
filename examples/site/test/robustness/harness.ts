/**
 * The robustness suite's harness: a site built from the parts that exist (core, content
 * auth, the `tel/v1` plugin) on SQLite, with a switchable storage fault, the content
 * authenticator wired into the server, and three users with known credentials.
 *
 * @module
 */
import { browsable } from '@cms-json/browsable';
import { type Auth, type ContentTables, contentPlugin, createAuth, migrateContent } from '@cms-json/content';
import { createRestServer, type HttpResponse, RestError, type RestServer, type RestServerOptions } from '@cms-json/core';
import { type Database, openDatabase, runMigrations } from '@cms-json/database';
import { testDatabaseUrl } from '@cms-json/database/testing';
import {
  clickCounterPage,
  migrations,
  NAMESPACE,
  OutgoingLinksStore,
  type OutgoingLinksTables,
  outgoingLinksRoutes,
} from '@cms-json/example-outgoing-links';
import { openapi } from '@cms-json/openapi';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export type SiteTables = ContentTables & OutgoingLinksTables;

/** A Kysely plugin that makes the next `armed` queries fail, as a broken disk would. */
export class StorageFault implements KyselyPlugin {
  /** How many of the next queries fail. */
  armed = 0;
  /** How many queries pass before the armed ones fail. */
  skip = 0;
  /** How many queries it failed so far. */
  injected = 0;
  /**
   * Milliseconds each query's result is held back, as a database across a network would
   * (0: none). Widens the window between a read and a write, where lost updates happen.
   */
  latencyMs = 0;
  readonly message = 'SQLITE_IOERR: disk I/O error (injected by the robustness suite)';

  /** Fails `count` queries after letting `skip` pass. */
  arm(count = 1, skip = 0): void {
    this.armed = count;
    this.skip = skip;
  }

  disarm(): void {
    this.armed = 0;
    this.skip = 0;
  }

  /** Queries seen while being built; a query compiled once and run again is not built again. */
  readonly #built = new Set<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.#built.add(args.queryId);
    this.#maybeFail();
    return args.node;
  }

  // A query compiled once and run many times (the plugin's hot reads, `prepareQuery`) is not
  // built again, so it is failed here, after it ran: those are reads, so nothing is changed.
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.#built.delete(args.queryId)) return args.result;
    this.#maybeFail();
    return args.result;
  }

  #maybeFail(): void {
    if (this.armed > 0 && this.skip > 0) {
      this.skip -= 1;
      return;
    }
    if (this.armed > 0) {
      this.armed -= 1;
      this.injected += 1;
      throw new Error(this.message);
    }
  }
}

/** A user of the harness with everything a test may send or look for. */
export interface TestUser {
  id: number;
  login: string;
  /** The login password (never to appear in a response). */
  password: string;
  /** The application password, as shown once (`abcd efgh …`). */
  appPassword: string;
  /** `Authorization` header value with the application password. */
  basic: string;
}

export interface Harness {
  server: RestServer;
  database: Database<SiteTables>;
  auth: Auth;
  fault: StorageFault;
  admin: TestUser;
  editor: TestUser;
  subscriber: TestUser;
  /** Every secret that must never be in a response body: passwords and their stored hashes. */
  secrets(): Promise<string[]>;
  /** Creates a link as the editor; throws on anything but 201. */
  createLink(title: string, link: string): Promise<{ id: number; slug: string; title: string; link: string; count: number }>;
  /** A link's click count as stored, read straight from the table. */
  storedCount(id: number): Promise<number>;
  close(): Promise<void>;
}

export const SECRET = 'robustness-suite-secret-0123456789';

/** Wires a content `Auth` into a server as its authenticator. */
export function wireAuth(server: RestServer, auth: Auth): void {
  server.authenticate(async (request) => {
    const result = await auth.authenticate({ headers: request.headers, query: request.query, body: request.json });
    if (result === null) return null;
    if ('error' in result) {
      return { user: null, error: new RestError(result.error.code, result.error.message, { status: result.error.status }) };
    }
    const user = result.user;
    return { user: { id: user.id, can: (capability: string) => user.can(capability) }, headers: { ...result.headers } };
  });
}

function basicHeader(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}`;
}

async function addUser(auth: Auth, login: string, role: string): Promise<TestUser> {
  const password = `pw-${login}-${Math.random().toString(36).slice(2)}!`;
  const user = await auth.users.create({ login, email: `${login}@example.invalid`, password, roles: [role] });
  const created = await auth.applicationPasswords.create(user.id, { name: 'robustness' });
  return { id: user.id, login, password, appPassword: created.formatted, basic: basicHeader(login, created.formatted) };
}

/** Builds the harness site. `url` defaults to a fresh test database (`@cms-json/database/testing`). */
export interface HarnessOptions {
  /** `site`: the example site's own `createSite` (default); `parts`: built here, with the storage-fault switch. */
  mode?: 'site' | 'parts';
  url?: string;
  server?: RestServerOptions;
  now?: () => number;
  contentRoutes?: boolean;
}

/** Builds the harness: the real example site, or the same parts assembled here. */
export async function buildHarness(options: HarnessOptions = {}): Promise<Harness> {
  if ((options.mode ?? 'site') === 'site' && options.now === undefined && options.server === undefined) {
    try {
      return await buildSiteHarness(options);
    } catch (error) {
      // The example site is edited concurrently: when it does not build, test the same parts.
      console.warn(`[robustness] createSite failed, using the parts harness: ${String(error).slice(0, 300)}`);
    }
  }
  return buildPartsHarness(options);
}

/** The example site as `createSite` builds it, with an editor and a subscriber added. The fault switch is inert here. */
async function buildSiteHarness(options: HarnessOptions): Promise<Harness> {
  const { readConfig } = await import('../../src/config.js');
  const { createSite } = await import('../../src/create-site.js');
  const site = await createSite(
    readConfig({
      DATABASE_URL: options.url ?? (await testDatabaseUrl()),
      CMS_SAMPLE_LINKS: '0',
      CMS_SECRET: SECRET,
      CMS_ADMIN_USER: 'admin',
    }),
  );
  const { server, auth } = site;
  const database = site.database as unknown as Database<SiteTables>;
  if (site.firstAdmin === undefined) throw new Error('createSite made no administrator');
  const adminUser = await auth.users.findByLogin('admin');
  if (adminUser === undefined) throw new Error('no admin');
  const adminPassword = `pw-admin-${Math.random().toString(36).slice(2)}!`;
  await auth.users.update(adminUser.id, { password: adminPassword });
  const admin: TestUser = {
    id: adminUser.id,
    login: 'admin',
    password: adminPassword,
    appPassword: site.firstAdmin.password,
    basic: basicHeader('admin', site.firstAdmin.password),
  };
  const editor = await addUser(auth, 'editor', 'editor');
  const subscriber = await addUser(auth, 'subscriber', 'subscriber');
  return finish({ server, database, auth, fault: new StorageFault(), admin, editor, subscriber, close: () => site.close() });
}

async function buildPartsHarness(options: HarnessOptions): Promise<Harness> {
  const database = openDatabase<SiteTables>({ url: options.url ?? (await testDatabaseUrl()) });
  await migrateContent(database);
  const auth = createAuth({ database, secret: SECRET, prefix: 'cms', now: options.now });
  const fault = new StorageFault();
  const faulty = database.withPlugin(fault);
  const server = createRestServer({
    siteUrl: 'http://127.0.0.1',
    onError: () => {},
    ...options.server,
  });
  // The content plugin (authenticator, users, application passwords, cookie login), as the site wires it.
  if (options.contentRoutes === false) wireAuth(server, auth);
  else await server.use(contentPlugin({ auth }));
  // The OpenAPI document and the browsable API, as the site has them.
  await server.use(openapi());
  await server.use(browsable());
  // What `outgoingLinks({ database })` does (plugin.ts), with the store on the fault-injecting view.
  await runMigrations(database, { owner: 'tel', migrations });
  const store = new OutgoingLinksStore(faulty);
  server.register(NAMESPACE, ...outgoingLinksRoutes(store));
  server.page(clickCounterPage(store));
  const admin = await addUser(auth, 'admin', 'administrator');
  const editor = await addUser(auth, 'editor', 'editor');
  const subscriber = await addUser(auth, 'subscriber', 'subscriber');
  return finish({ server, database, auth, fault, admin, editor, subscriber, close: () => database.close() });
}

function finish(parts: Omit<Harness, 'secrets' | 'createLink' | 'storedCount'>): Harness {
  const { server, database, admin, editor, subscriber } = parts;

  const createLink: Harness['createLink'] = async (title, link) => {
    const res = await server.handle({
      method: 'POST',
      url: '/cms-json/tel/v1/outgoing-links',
      headers: { authorization: editor.basic, 'content-type': 'application/json' },
      body: JSON.stringify({ title, link }),
    });
    if (res === null || res.status !== 201) throw new Error(`create failed: ${res?.status} ${res?.body}`);
    return JSON.parse(res.body ?? 'null');
  };

  const storedCount = async (id: number): Promise<number> => {
    const row = await database.db.selectFrom('outgoing_links').select('count').where('id', '=', id).executeTakeFirstOrThrow();
    return Number(row.count);
  };

  const secrets = async (): Promise<string[]> => {
    const users = await database.db.selectFrom('users').select('pass_hash').execute();
    const hashes = await database.db.selectFrom('application_passwords').select('hash').execute();
    const out: string[] = [];
    for (const u of [admin, editor, subscriber]) {
      out.push(u.password, u.appPassword, u.appPassword.replace(/ /g, ''));
    }
    for (const row of users) out.push(row.pass_hash);
    for (const row of hashes) out.push(row.hash);
    return out;
  };

  return { ...parts, secrets, createLink, storedCount };
}

/** `server.handle`, never `null` (a path nobody serves is reported as 404 `null` body). */
export async function handle(server: RestServer, request: Parameters<RestServer['handle']>[0]): Promise<HttpResponse> {
  const res = await server.handle(request);
  return res ?? { status: 404, headers: {}, body: null };
}

/** A header of a core response by name, any case; several values joined with `, `. */
export function headerOf(res: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const key = Object.keys(res.headers).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) return undefined;
  const value = res.headers[key];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Parses a JSON body, or a JSONP body (`/**\/cb(json)`), or `undefined`. */
export function parseBody(body: string | null): unknown {
  if (body === null || body === '') return undefined;
  let text = body;
  const jsonp = /^\/\*\*\/[\w.]+\(([\s\S]*)\)$/.exec(body);
  if (jsonp !== null) text = jsonp[1] ?? '';
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks one REST response against the suite's invariants; returns what is wrong, or
 * `undefined`. `faultInjected` allows a 5xx.
 */
export function invariantProblem(
  res: { status: number; headers: Record<string, string | string[] | undefined>; body: string | null },
  context: { method: string; url: string; faultInjected?: boolean },
): string | undefined {
  const where = `${context.method} ${context.url.slice(0, 300)} → ${res.status}`;
  if (!Number.isInteger(res.status) || res.status < 100 || res.status > 599) return `${where}: impossible status`;
  if (res.status >= 500 && context.faultInjected !== true && !isDeclared5xx(res.status, res.body))
    return `${where}: 5xx without an injected fault: ${res.body?.slice(0, 500)}`;
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : [value ?? '']) {
      if (/[\r\n\0]/.test(v)) return `${where}: header ${name} carries CR, LF or NUL: ${JSON.stringify(v)}`;
    }
  }
  const type = headerOf(res, 'content-type') ?? '';
  // The `?rest_route=` form counts when the server took it (a later `rest_route[x]` makes it a map: a page then).
  const isRest =
    /^\/cms-json(?:[/?]|$)/.test(context.url) ||
    (/^\/(?:index\.php)?\?(?:.*&)?rest_route=/.test(context.url) && /json|javascript/.test(type));
  if (!isRest || res.body === null || context.method.toUpperCase() === 'HEAD') return undefined;
  // A browser's request (`Accept: text/html` first) gets the browsable API's page, which must
  // state the response's own status.
  if (type.startsWith('text/html') && res.body.startsWith('<!doctype html>')) {
    return res.body.includes(`<p id="status" class="${res.status < 400 ? 'status-ok' : 'status-error'}">HTTP ${res.status} `)
      ? undefined
      : `${where}: browsable page without the response's status`;
  }
  const parsed = parseBody(res.body);
  if (parsed === undefined) return `${where}: REST body is not JSON: ${res.body.slice(0, 300)}`;
  // `_envelope` answers 200 with the real status inside.
  if (isObject(parsed) && res.status === 200 && 'body' in parsed && typeof parsed.status === 'number' && 'headers' in parsed) {
    if (parsed.status >= 500 && context.faultInjected !== true && !isDeclared5xx(parsed.status, JSON.stringify(parsed.body)))
      return `${where}: enveloped 5xx: ${res.body.slice(0, 300)}`;
    if (parsed.status >= 400) return errorShapeProblem(parsed.body, parsed.status, where);
    return undefined;
  }
  if (res.status >= 400) return errorShapeProblem(parsed, res.status, where);
  return undefined;
}

/**
 * The 5xx the original answers on purpose, not a fault: a `DELETE` of a term without
 * `force=true` is 501 `rest_trash_not_supported` (terms have no trash), as in WordPress.
 */
function isDeclared5xx(status: number, body: string | null): boolean {
  return status === 501 && body !== null && body.includes('"code":"rest_trash_not_supported"');
}

function errorShapeProblem(body: unknown, status: number, where: string): string | undefined {
  if (!isObject(body)) return `${where}: error body is not an object`;
  if (typeof body.code !== 'string' || body.code === '') return `${where}: error without a string code`;
  if (typeof body.message !== 'string') return `${where}: error without a string message`;
  // A JSONP callback rejected before dispatch is sent with only code and message, as the original does.
  if (body.data === undefined && (body.code === 'rest_callback_invalid' || body.code === 'rest_callback_disabled'))
    return undefined;
  if (!isObject(body.data)) return `${where}: error ${body.code} without data`;
  if (body.data.status !== status) return `${where}: error ${body.code} data.status ${String(body.data.status)} ≠ ${status}`;
  return undefined;
}

/** Whether some prototype was polluted; returns the offending description. */
export function pollution(): string | undefined {
  const probes: [string, unknown][] = [
    ['({}).polluted', ({} as Record<string, unknown>).polluted],
    ['({}).isAdmin', ({} as Record<string, unknown>).isAdmin],
    ['({}).x', ({} as Record<string, unknown>).x],
    ['[].polluted', ([] as unknown as Record<string, unknown>).polluted],
    ['Object.prototype keys', Object.keys(Object.prototype).length === 0 ? undefined : Object.keys(Object.prototype).join(',')],
    ['Array.prototype keys', Object.keys(Array.prototype).length === 0 ? undefined : Object.keys(Array.prototype).join(',')],
    ['Function.prototype.polluted', (Function.prototype as unknown as Record<string, unknown>).polluted],
    ['String.prototype.polluted', (String.prototype as unknown as Record<string, unknown>).polluted],
  ];
  const hit = probes.find(([, value]) => value !== undefined);
  return hit === undefined ? undefined : `${hit[0]} = ${String(hit[1])}`;
}

/** An argument as the index describes it. */
export interface IndexedArg {
  type?: unknown;
  enum?: unknown[];
  required?: boolean;
}

/** A route of the root index: its pattern (the original's form), methods and endpoints. */
export interface IndexedRoute {
  pattern: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, IndexedArg> }[];
}

/** The routes the root index lists (keys in the original's pattern form), with their endpoints and arguments. */
export async function indexedRoutes(server: RestServer): Promise<IndexedRoute[]> {
  const res = await handle(server, { method: 'GET', url: '/cms-json/', headers: {} });
  const body = parseBody(res.body);
  if (!isObject(body) || !isObject(body.routes)) throw new Error(`root index has no routes: ${res.status} ${res.body}`);
  return Object.entries(body.routes).map(([pattern, description]) => {
    const d = isObject(description) ? description : {};
    const endpoints = Array.isArray(d.endpoints) ? d.endpoints.filter(isObject) : [];
    return {
      pattern,
      methods: Array.isArray(d.methods) ? d.methods.map(String) : ['GET'],
      endpoints: endpoints.map((e) => ({
        methods: Array.isArray(e.methods) ? e.methods.map(String) : ['GET'],
        args: isObject(e.args) ? (e.args as Record<string, IndexedArg>) : {},
      })),
    };
  });
}

/**
 * A concrete path for a route pattern: each `(?P<name>…)` group (nested parentheses
 * included) becomes `value(name)`.
 */
export function concretePath(pattern: string, value: string | ((name: string) => string)): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    if (pattern.startsWith('(?P<', i)) {
      const close = pattern.indexOf('>', i);
      const name = pattern.slice(i + 4, close);
      let depth = 0;
      let j = i;
      for (; j < pattern.length; j += 1) {
        if (pattern[j] === '\\') j += 1;
        else if (pattern[j] === '(') depth += 1;
        else if (pattern[j] === ')' && --depth === 0) break;
      }
      out += typeof value === 'string' ? value : value(name);
      i = j + 1;
    } else {
      out += pattern[i];
      i += 1;
    }
  }
  return out;
}

/** A positive integer from the environment, or `fallback`. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
