import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPosts } from '../seed.js';
import {
  COMMENTS_PATH,
  POSTS_AUTHORIZATION,
  POSTS_CATEGORY_PATH,
  POSTS_COMMENTS_PATH,
  POSTS_CREATE_BODY,
  POSTS_EMBED_PATH,
  POSTS_ITEM_PATH,
  POSTS_PATH,
} from './constants.js';
import type { Answer } from './hand-written.js';
import { commentsQuery } from './hand-written-comments.js';
import { HandWrittenPosts, postsQuery } from './hand-written-posts.js';
import { createPostsApp, type PostsApp } from './posts-app.js';

/** Header lines in order, one per value, as the node adapter writes them. */
function linesOf(headers: Record<string, string | string[]>): string[] {
  return Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`));
}

const DATE_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/g;

describe('the hand-written posts server of the benchmark', () => {
  let dir: string;
  let app: PostsApp;
  let routes: HandWrittenPosts;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cms-json-bench-test-'));
    const seeded = join(dir, 'posts.db');
    await seedPosts(`sqlite:${seeded}`);
    copyFileSync(seeded, join(dir, 'cms.db'));
    copyFileSync(seeded, join(dir, 'hand.db'));
    app = await createPostsApp(join(dir, 'cms.db'));
    routes = new HandWrittenPosts(join(dir, 'hand.db'));
  });
  afterAll(async () => {
    routes.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function both(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ cms: Answer; hand: Answer }> {
    const res = await app.server.handle({ method, url: path, headers, body });
    if (res === null) throw new Error('no answer');
    const cms: Answer = {
      status: res.status,
      headers: linesOf(res.headers).map((line) => line.split(': ', 2) as [string, string]),
      body: res.body ?? '',
    };
    const q = path.indexOf('?');
    const url = path.slice(0, q === -1 ? undefined : q);
    let hand: Answer;
    if (method === 'POST') hand = routes.create(headers.authorization, JSON.parse(body ?? '{}'));
    else if (url === COMMENTS_PATH) {
      const { post, page, perPage } = commentsQuery(q === -1 ? '' : path.slice(q + 1));
      hand = routes.comments.list(post, page, perPage);
    } else if (url === POSTS_PATH) {
      const { page, perPage, embed, category } = postsQuery(q === -1 ? '' : path.slice(q + 1));
      hand = routes.list(page, perPage, embed, category);
    } else hand = routes.item(Number(url.slice(url.lastIndexOf('/') + 1)));
    return { cms, hand };
  }

  // The ETag's hash is masked: cms-json's posts routes tag from the data's version and the
  // server's random salt (docs/caching.md), which the baseline cannot reproduce.
  const lines = (answer: Answer) =>
    answer.headers.map(([name, value]) => `${name}: ${name === 'ETag' ? value.replace(/\.[0-9a-f]{16}"$/, '.…"') : value}`);

  for (const [name, path] of [
    ['the list', POSTS_PATH],
    ['the second page', `${POSTS_PATH}?page=2`],
    ['the list with authors and terms embedded', POSTS_EMBED_PATH],
    ['the list of one category', POSTS_CATEGORY_PATH],
    ['the second page of one category', `${POSTS_CATEGORY_PATH}&per_page=5&page=2`],
    ['one post', POSTS_ITEM_PATH],
    ['the comments of a post', POSTS_COMMENTS_PATH],
    ['the second page of the comments of a post', `${POSTS_COMMENTS_PATH}&page=2`],
    ['a page of 5 comments of a post', `${POSTS_COMMENTS_PATH}&per_page=5&page=2`],
    ['the comments of a post without any', `${COMMENTS_PATH}?post=3`],
  ] as const) {
    it(`answers ${name} with cms-json's status, header lines and body bytes`, async () => {
      const { cms, hand } = await both('GET', path, {});
      expect(hand.status).toBe(cms.status);
      expect(cms.status).toBe(200);
      expect(lines(hand)).toEqual(lines(cms));
      expect(hand.body).toBe(cms.body);
    });
  }

  it("answers an unknown post with cms-json's 404", async () => {
    const { cms, hand } = await both('GET', `${POSTS_PATH}/9999`, {});
    expect(hand.status).toBe(404);
    expect(JSON.parse(hand.body)).toEqual(JSON.parse(cms.body));
  });

  it('creates the bench draft as cms-json does, the same bytes but for the dates', async () => {
    const headers = { authorization: POSTS_AUTHORIZATION, 'content-type': 'application/json' };
    const { cms, hand } = await both('POST', POSTS_PATH, headers, POSTS_CREATE_BODY);
    expect(cms.status).toBe(201);
    expect(hand.status).toBe(201);
    expect(lines(hand)).toEqual(lines(cms));
    expect(hand.body.replace(DATE_TIME, '<date>')).toBe(cms.body.replace(DATE_TIME, '<date>'));
  });

  it('refuses a create without credentials', async () => {
    const { cms, hand } = await both('POST', POSTS_PATH, { 'content-type': 'application/json' }, POSTS_CREATE_BODY);
    expect(cms.status).toBe(401);
    expect(hand.status).toBe(401);
  });
});
