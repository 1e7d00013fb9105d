/**
 * A site with the content plugin and the authoring area on a fresh test database, one user per
 * default role (password `<login>-password`), and helpers that sign in and open the area's
 * pages through the server's front door (`server.handle`, as an adapter calls it).
 */
import {
  type Auth,
  type ContentTables,
  contentPlugin,
  createAuth,
  type DefaultRoleName,
  migrateContent,
} from '@cms-json/content';
import { createRestServer, type HttpResponse, type RestServer } from '@cms-json/core';
import { openTestDatabase } from '@cms-json/database/testing';
import type { AssetFiles } from '../src/area/asset-pages.js';
import { type EditorOptions, editor } from '../src/plugin.js';

export const SITE_URL = 'http://site.test';

/** A small stand-in bundle: the host page's tests read the page, not the editor's code. */
export const TEST_ASSETS: AssetFiles = {
  files: new Map([
    ['editor.js', { body: 'window.cmsJsonEditor = { start() {} };\n', type: 'text/javascript; charset=utf-8' }],
    ['editor.css', { body: '.block-editor{display:block}\n', type: 'text/css; charset=utf-8' }],
  ]),
};

export interface Person {
  readonly id: number;
  readonly login: string;
  readonly password: string;
}

/** A page or API answer, with the body parsed as JSON when it is JSON. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly text: string;
  header(name: string): string | undefined;
  json(): unknown;
}

function answer(response: HttpResponse | null): Answer {
  if (response === null) throw new Error('no page or route answers this path');
  const text = response.body ?? '';
  return {
    status: response.status,
    headers: response.headers,
    text,
    header(name) {
      const key = Object.keys(response.headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
      const value = key === undefined ? undefined : response.headers[key];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    json: () => JSON.parse(text),
  };
}

export async function areaSite(options: { prefix?: 'cms' | 'wp'; editor?: EditorOptions } = {}) {
  const prefix = options.prefix ?? 'cms';
  const database = await openTestDatabase<ContentTables>();
  await migrateContent(database);
  const auth: Auth = createAuth({ database, secret: 'a test site secret, long enough', prefix });
  const server: RestServer = createRestServer({ prefix, siteUrl: SITE_URL, site: { name: 'Test <Site>' } });
  await server.use(contentPlugin({ auth }));
  await server.use(editor({ assets: async () => TEST_ASSETS, ...options.editor }));
  const people = {} as Record<DefaultRoleName, Person>;
  for (const role of ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const) {
    const user = await auth.users.create({
      login: role,
      email: `${role}@example.com`,
      password: `${role}-password`,
      roles: [role],
    });
    people[role] = { id: user.id, login: role, password: `${role}-password` };
  }
  /** Another user of a role (password `<login>-password`). */
  const addPerson = async (login: string, role: DefaultRoleName): Promise<Person> => {
    const user = await auth.users.create({ login, email: `${login}@example.com`, password: `${login}-password`, roles: [role] });
    return { id: user.id, login, password: `${login}-password` };
  };
  const addAuthor = (login: string) => addPerson(login, 'author');
  const area = options.editor?.path ?? (prefix === 'wp' ? '/wp-admin/' : '/cms-admin/');
  const restRoot = `/${prefix}-json`;
  const nonceHeader = `x-${prefix}-nonce`;

  /** Any request through the front door. */
  const request = async (
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    return answer(await server.handle({ method, url, headers, body, baseUrl: SITE_URL }));
  };

  /** Signs in through the cookie session route: the cookie header value and the nonce. */
  const signIn = async (person: Person): Promise<{ cookie: string; nonce: string }> => {
    const res = await request('POST', `${restRoot}/${prefix}-auth/v1/session`, {
      body: { username: person.login, password: person.password },
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    const cookie = (res.header('Set-Cookie') ?? '').split(';')[0] ?? '';
    return { cookie, nonce: (res.json() as { nonce: string }).nonce };
  };

  /** A page of the area (`post.php?post=3&action=edit`), as a signed-in person or anonymously. */
  const page = async (path: string, as?: { cookie: string }): Promise<Answer> =>
    request('GET', `${area}${path}`, as === undefined ? {} : { headers: { cookie: as.cookie } });

  /** A REST request as a person, with an application-free cookie session. */
  const api = async (method: string, path: string, as: { cookie: string; nonce: string }, body?: unknown): Promise<Answer> =>
    request(method, `${restRoot}${path}`, { headers: { cookie: as.cookie, [nonceHeader]: as.nonce }, body });

  /** Creates a record as a person through the API. */
  const createPost = async (as: { cookie: string; nonce: string }, body: Record<string, unknown>, base = 'posts') => {
    const res = await api('POST', `/${prefix}/v2/${base}`, as, body);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
    return res.json() as { id: number; link: string };
  };

  return {
    server,
    auth,
    database,
    people,
    addPerson,
    addAuthor,
    area,
    restRoot,
    prefix,
    request,
    signIn,
    page,
    api,
    createPost,
    close: () => database.close(),
  };
}

export type AreaSite = Awaited<ReturnType<typeof areaSite>>;

/** The JSON a page hands its script in `<script type="application/json" id="…">`. */
export function pageData(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(html);
  if (match === null) throw new Error(`no data element #${id} in the page`);
  return JSON.parse(match[1] ?? '');
}
