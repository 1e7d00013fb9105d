/**
 * The payload suite of issue 33: every payload of `payloads.json`, sent through the REST API
 * (wp profile) as an author and as a contributor into every filtered HTML field — a post's
 * title, content, excerpt and string meta, a comment's content, the user's own description —
 * and as an editor into a tag's description (authors and contributors may not make terms;
 * the description is filtered for every caller). Each stored (`context=edit` raw) and
 * rendered value, and the oEmbed `html` of the author's published post, is parsed with
 * `parse5` as a browser parses it: none may hold a live script, handler or dangerous URL.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLiveHtml, htmlVocabulary, type LiveHtmlFinding } from '../../src/kses/live-html.js';
import { registerMeta } from '../../src/meta/registry.js';
import { type ContentSite, contentSite } from '../site.js';
import { ACCEPTED_DIFFERENCES, ORIGINAL_LIVE } from './accepted.js';

const { payloads } = JSON.parse(readFileSync(new URL('payloads.json', import.meta.url), 'utf8')) as { payloads: string[] };

/** What one role stored in WordPress 6.1 (`null`: refused). */
type Recorded = Record<'title' | 'content' | 'excerpt' | 'comment' | 'user_description', string | null>;
const { recorded } = JSON.parse(readFileSync(new URL('recorded.json', import.meta.url), 'utf8')) as {
  recorded: Record<string, { author: Recorded; contributor: Recorded; term_description: string | null }>;
};

/** A value that held something live, with where it was found. */
interface Leak {
  readonly payload: number;
  readonly role: string;
  readonly field: string;
  readonly findings: readonly LiveHtmlFinding[];
}

/** The oEmbed `html`'s own frame: sandboxed, pointing at the site's embed page. */
const embedFrame = ({ name, attributes }: { name: string; attributes: Readonly<Record<string, string>> }) =>
  name === 'iframe' && attributes.sandbox === 'allow-scripts' && (attributes.src ?? '').startsWith('http://site.test/');

describe('stored XSS payloads through every filtered HTML field', () => {
  let site: ContentSite;
  const leaks: Leak[] = [];
  let checks = 0;
  /** What cms-json stored, by `payload|role|field` (the fields recorded from the original). */
  const ours = new Map<string, string>();
  /** Writes answered 201/200 per role and kind: the checks saw stored values, not refusals. */
  const written = new Map<string, number>();
  const wrote = (role: string, kind: string, ok: boolean) => {
    if (ok) written.set(`${role} ${kind}`, (written.get(`${role} ${kind}`) ?? 0) + 1);
  };
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    site.client.request(method, path, {
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  /** Checks one value; a string that is not there (a refused write) counts as checked and clean. */
  const check = (payload: number, role: string, field: string, value: unknown) => {
    checks += 1;
    if (typeof value !== 'string') return;
    const findings = findLiveHtml(value, { allowFrame: field === 'oembed.html' ? embedFrame : undefined });
    if (findings.length > 0) leaks.push({ payload, role, field, findings });
  };

  const storedComment = async (id: number) =>
    (await site.database.db.selectFrom('comments').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
    registerMeta(site.server, 'post', 'kses_note', { type: 'string', single: true, showInRest: true });
  });
  afterAll(async () => {
    await site.close();
  });

  it(`has at least 300 payloads (${payloads.length})`, () => {
    expect(payloads.length).toBeGreaterThanOrEqual(300);
    expect(new Set(payloads).size).toBe(payloads.length);
  });

  for (const role of ['author', 'contributor'] as const) {
    it(`stores and renders nothing live from the ${role} role: posts, meta, comments, the user's description, oEmbed`, async () => {
      const headers = site.people[role].headers;
      const open = await send('POST', '/wp/v2/posts', { title: 'Comments', status: 'publish' }, site.people.editor.headers);
      for (const [index, payload] of payloads.entries()) {
        const status = role === 'author' ? 'publish' : 'pending';
        const body = { title: payload, content: payload, excerpt: payload, status, meta: { kses_note: payload } };
        const post = await send('POST', '/wp/v2/posts?context=edit', body, headers);
        const record = post.status === 201 ? post.body : {};
        wrote(role, 'post', post.status === 201);
        for (const field of ['title', 'content', 'excerpt'] as const) {
          check(index, role, `${field}.raw`, record[field]?.raw);
          check(index, role, `${field}.rendered`, record[field]?.rendered);
        }
        check(index, role, 'meta', record.meta?.kses_note);
        for (const field of ['title', 'content', 'excerpt'] as const) {
          if (post.status === 201) ours.set(`${index}|${role}|${field}`, record[field].raw);
        }
        if (role === 'author' && post.status === 201) {
          const embed = await site.client.get(`/oembed/1.0/embed?url=${encodeURIComponent(record.link)}`);
          check(index, role, 'oembed.html', embed.body.html);
        }
        site.clock.advance(60_000);
        const comment = await send('POST', '/wp/v2/comments?context=edit', { post: open.body.id, content: payload }, headers);
        wrote(role, 'comment', comment.status === 201);
        // A comment's author may not edit it, so its answer has no `raw`: the stored text is read from the table.
        const stored = comment.status === 201 ? await storedComment(comment.body.id) : undefined;
        if (stored !== undefined) ours.set(`${index}|${role}|comment`, stored);
        check(index, role, 'comment (stored)', stored);
        check(index, role, 'comment.rendered', comment.body.content?.rendered);
        const me = await send('POST', '/wp/v2/users/me?context=edit', { description: payload }, headers);
        wrote(role, 'user', me.status === 200);
        if (me.status === 200) ours.set(`${index}|${role}|user_description`, me.body.description);
        check(index, role, 'user.description', me.body.description);
      }
      expect(leaks.filter((leak) => leak.role === role)).toEqual([]);
      // Every write was stored but those holding a NUL, which the API refuses (400 `rest_invalid_param`).
      const stored = payloads.filter((payload) => !payload.includes('\u0000')).length;
      for (const kind of ['post', 'comment', 'user']) expect(written.get(`${role} ${kind}`)).toBe(stored);
    });
  }

  it("stores and shows nothing live in a tag's description, filtered even for an editor", async () => {
    const headers = site.people.editor.headers;
    for (const [index, payload] of payloads.entries()) {
      const term = await send('POST', '/wp/v2/tags?context=edit', { name: `kses ${index}`, description: payload }, headers);
      check(index, 'editor', 'term.description', term.body.description);
      if (term.status === 201) ours.set(`${index}|any|term_description`, term.body.description);
      const view = await site.client.get(`/wp/v2/tags/${term.body.id}`);
      check(index, 'editor', 'term.description (view)', view.body.description);
    }
    expect(leaks.filter((leak) => leak.role === 'editor')).toEqual([]);
    console.log(`kses payload suite: ${payloads.length} payloads, ${checks} field×role×payload checks, ${leaks.length} leaks`);
  });

  it('is never looser than WordPress 6.1: every name kept here is kept there for the same payload, or accepted', () => {
    expect(ours.size, 'the writes above ran first').toBeGreaterThan(0);
    const differences: string[] = [];
    const used = new Set<string>();
    for (const [key, value] of ours) {
      const [index, role, field] = key.split('|') as [string, string, string];
      const payload = payloads[Number(index)] ?? '';
      const theirs = recorded[payload];
      expect(theirs, `payload ${index} is recorded (run record.ts after changing payloads.json)`).toBeDefined();
      if (theirs === undefined) continue;
      const original =
        role === 'any' ? theirs.term_description : theirs[role as 'author' | 'contributor'][field as keyof Recorded];
      const allowed = htmlVocabulary(original ?? '');
      for (const name of htmlVocabulary(value)) {
        if (allowed.has(name)) continue;
        const accepted = ACCEPTED_DIFFERENCES.find((entry) => entry.payload === payload && entry.names.includes(name));
        if (accepted === undefined) differences.push(`${index} ${role} ${field}: ${name}`);
        else used.add(`${accepted.payload}\n${name}`);
      }
    }
    expect(differences).toEqual([]);
    const stale = ACCEPTED_DIFFERENCES.flatMap((entry) =>
      entry.names.filter((name) => !used.has(`${entry.payload}\n${name}`)).map((name) => `${entry.payload}: ${name}`),
    );
    expect(stale, 'accepted differences no payload needs any more').toEqual([]);
  });

  it("finds the original's stored values clean, but for the known ones", () => {
    const live: { payload: number; role: string; field: string; what: string }[] = [];
    for (const [index, payload] of payloads.entries()) {
      const theirs = recorded[payload];
      if (theirs === undefined) continue;
      const values: [string, string, string | null][] = [['admin', 'term_description', theirs.term_description]];
      for (const role of ['author', 'contributor'] as const) {
        for (const [field, value] of Object.entries(theirs[role])) values.push([role, field, value]);
      }
      for (const [role, field, value] of values) {
        const findings = value === null ? [] : findLiveHtml(value);
        if (findings.length > 0) {
          const what = findings.map((f) => `${f.kind} ${f.element}${f.attribute ? `@${f.attribute}` : ''}`).join(', ');
          live.push({ payload: index, role, field, what });
        }
      }
    }
    expect(live).toEqual(ORIGINAL_LIVE);
  });
});
