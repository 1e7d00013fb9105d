/**
 * The fixture's per-user capability grant and denial, honoured through the routes of a site
 * over the WordPress database as WordPress 6.1 honours them (answers recorded from the
 * runnable original).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { type WordPressSite, wordpressSite } from '../site.js';
import { openFixtureDatabase } from '../testing.js';

const serverUrl = inject('mysqlUrl');

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
/** A contributor granted `edit_others_posts`. */
const GRANTEE = basic('grantee', 'oraclegranteeapppasswd01');
/** An author denied `edit_posts`. */
const DENIED = basic('denied', 'oracledeniedapppasswd001');
const AUTHOR = basic('author', 'oracleauthorapppasswd001');
const ADMIN = basic('admin', 'oracleadminapppassword01');

async function send(site: WordPressSite, method: string, url: string, auth: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: auth };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await site.server.handle({
    method,
    url,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response === null) throw new Error(`${method} ${url}: not served`);
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body ?? new Uint8Array());
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown> };
}

describe.skipIf(serverUrl === '')("a user's own capability grant and denial through the routes", () => {
  let wordpress: WordPressDatabase;
  let site: WordPressSite;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    site = await wordpressSite({ wordpress, secret: 'capability-grants-test-secret-0123' });
  });
  afterAll(async () => {
    await site?.close();
    await wordpress?.close();
  });

  it("lets the contributor granted edit_others_posts edit the administrator's draft, not a published post", async () => {
    expect((await send(site, 'POST', '/wp-json/wp/v2/posts/24', GRANTEE, { title: 'Edited by a grant' })).status).toBe(200);
    const published = await send(site, 'POST', '/wp-json/wp/v2/posts/1', GRANTEE, {});
    expect(published.status).toBe(403);
    expect(published.json.code).toBe('rest_cannot_edit');
    // Without the grant, an author may not.
    expect((await send(site, 'POST', '/wp-json/wp/v2/posts/24', AUTHOR, {})).json.code).toBe('rest_cannot_edit');
  });

  it('keeps the author denied edit_posts from creating a post', async () => {
    const refused = await send(site, 'POST', '/wp-json/wp/v2/posts', DENIED, { title: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('rest_cannot_create');
  });

  it("shows the grant among the user's capabilities and not the denied one", async () => {
    const grantee = await send(site, 'GET', '/wp-json/wp/v2/users/4?context=edit', ADMIN);
    expect(grantee.json.roles).toEqual(['contributor']);
    expect(grantee.json.capabilities).toMatchObject({ edit_others_posts: true, contributor: true });
    const denied = await send(site, 'GET', '/wp-json/wp/v2/users/5?context=edit', ADMIN);
    // As WordPress 6.1 shows them: the user's own entries in extra_capabilities, a denial as false.
    expect(grantee.json.extra_capabilities).toEqual({ contributor: true, edit_others_posts: true });
    expect(denied.json.capabilities).toMatchObject({ edit_posts: false, publish_posts: true, author: true });
    expect(denied.json.extra_capabilities).toEqual({ author: true, edit_posts: false });
  });
});
