/**
 * Records what WordPress 6.1 stores for each payload of `payloads.json`: as `author` and as a
 * contributor it creates (with an application password), a post's title, content and excerpt
 * (`context=edit` `raw`), a comment's content and the user's own description; as the
 * administrator (`pre_term_description` is `wp_filter_kses` for every caller) a tag's
 * description. Everything it creates is deleted, and the author's description restored.
 * Writes `recorded.json` beside it. No test contacts WordPress: they read the fixture.
 *
 *   npx tsx packages/content/test/kses/record.ts [--origin http://127.0.0.1:8081]
 *
 * Comments are dated an hour and more in the past, 20 seconds apart, so the original's flood
 * check (one comment per 15 seconds, looking back one hour) lets them through.
 *
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { origin: { type: 'string', default: 'http://127.0.0.1:8081' } } });
const api = `${String(values.origin).replace(/\/+$/, '')}/wp-json/wp/v2`;
const here = new URL('.', import.meta.url);
const { payloads } = JSON.parse(readFileSync(new URL('payloads.json', here), 'utf8')) as { payloads: string[] };

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const ADMIN = basic('admin', 'oracleadminapppassword01');
const AUTHOR = basic('author', 'oracleauthorapppasswd001');

/** One JSON request; throws on a network error, answers the status and the parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: the recorder reads WordPress's JSON as it comes
async function call(method: string, path: string, auth: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: auth };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : JSON.parse(text) };
}

/** What one role stored for one payload (`null`: the write was refused). */
interface Stored {
  title: string | null;
  content: string | null;
  excerpt: string | null;
  comment: string | null;
  user_description: string | null;
}

const created: { posts: number[]; comments: number[]; tags: number[] } = { posts: [], comments: [], tags: [] };
const tag = Date.now().toString(36);
let commentTime = Date.parse('2001-01-01T00:00:00Z');

async function asRole(auth: string, status: string, payload: string, commentOn: number): Promise<Stored & { post: number }> {
  const post = await call('POST', '/posts?context=edit', auth, { title: payload, content: payload, excerpt: payload, status });
  const id: number = post.status === 201 ? post.body.id : 0;
  if (id !== 0) created.posts.push(id);
  commentTime += 20_000;
  const date_gmt = new Date(commentTime).toISOString().slice(0, 19);
  const comment = await call('POST', '/comments?context=edit', auth, { post: id || commentOn, content: payload, date_gmt });
  if (comment.status === 201) created.comments.push(comment.body.id);
  // Its author may not edit a comment, so the answer has no `raw`: the administrator reads it.
  const stored = comment.status === 201 ? await call('GET', `/comments/${comment.body.id}?context=edit`, ADMIN) : undefined;
  const me = await call('POST', '/users/me?context=edit', auth, { description: payload });
  return {
    post: id,
    title: post.status === 201 ? post.body.title.raw : null,
    content: post.status === 201 ? post.body.content.raw : null,
    excerpt: post.status === 201 ? post.body.excerpt.raw : null,
    comment: stored === undefined ? null : stored.body.content.raw,
    user_description: me.status === 200 ? me.body.description : null,
  };
}

const authorBefore = await call('GET', '/users/me?context=edit', AUTHOR);
const contributorLogin = `kses-contributor-${tag}`;
const user = await call('POST', '/users', ADMIN, {
  username: contributorLogin,
  email: `${contributorLogin}@example.com`,
  password: `${contributorLogin}-password`,
  roles: ['contributor'],
});
if (user.status !== 201) throw new Error(`could not create the contributor: ${JSON.stringify(user.body)}`);
const keys = await call('POST', `/users/${user.body.id}/application-passwords`, ADMIN, { name: 'kses-record' });
const CONTRIBUTOR = basic(contributorLogin, keys.body.password);
const open = await call('POST', '/posts', ADMIN, { title: `kses-record-${tag}`, status: 'publish', content: 'comments here' });
created.posts.push(open.body.id);

const recorded: Record<string, { author: Stored; contributor: Stored; term_description: string | null }> = {};
try {
  for (const [index, payload] of payloads.entries()) {
    const { post, ...author } = await asRole(AUTHOR, 'publish', payload, open.body.id);
    const { post: _draft, ...contributor } = await asRole(CONTRIBUTOR, 'pending', payload, post || open.body.id);
    const term = await call('POST', '/tags?context=edit', ADMIN, { name: `kses-${tag}-${index}`, description: payload });
    if (term.status === 201) created.tags.push(term.body.id);
    recorded[payload] = { author, contributor, term_description: term.status === 201 ? term.body.description : null };
    if (index % 50 === 0) console.log(`${index}/${payloads.length}`);
  }
} finally {
  for (const id of created.comments) await call('DELETE', `/comments/${id}?force=true`, ADMIN);
  for (const id of created.posts) await call('DELETE', `/posts/${id}?force=true`, ADMIN);
  for (const id of created.tags) await call('DELETE', `/tags/${id}?force=true`, ADMIN);
  await call('DELETE', `/users/${user.body.id}?force=true&reassign=1`, ADMIN);
  await call('POST', '/users/me', AUTHOR, { description: authorBefore.body.description ?? '' });
}
const fixture = {
  about: 'What WordPress 6.1 stored (context=edit raw) for each payload of payloads.json; written by record.ts.',
  recordedAt: new Date().toISOString(),
  recorded,
};
writeFileSync(new URL('recorded.json', here), `${JSON.stringify(fixture, null, 1)}\n`);
console.log(`recorded ${Object.keys(recorded).length} payloads`);
