/**
 * The data: one SQLite file created with the plugin's own migration and store and seeded
 * with {@link SEED_LINKS} links, another with the content package's schema and
 * {@link SEED_POSTS} posts (with authors, categories and tags) and {@link SEED_COMMENTS}
 * comments on one of them, written through its own REST API; then one copy per server so a
 * server's writes (the create cases) never reach another.
 *
 * @module
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateContent } from '@cms-json/content';
import { openDatabase, runMigrations } from '@cms-json/database';
import { migrations, OutgoingLinksStore, type OutgoingLinksTables } from '@cms-json/example-outgoing-links';
import {
  COMMENTS_POST_ID,
  POSTS_APPLICATION_PASSWORD,
  POSTS_AUTHORIZATION,
  POSTS_LOGIN,
  POSTS_PATH,
  REST_ROOT,
  SEED_COMMENTS,
  SEED_LINKS,
  SEED_POSTS,
} from './shared/constants.js';
import { createPostsApp } from './shared/posts-app.js';

/** Which seeded file: the `tel/v1` links, or the content package's posts. */
export type Dataset = 'links' | 'posts';

/** The temporary data directory. */
export interface Seeded {
  readonly dir: string;
  /** A fresh copy of a seeded file (the links unless told) for one server. */
  copyFor(name: string, dataset?: Dataset): string;
  /** Removes the directory. */
  remove(): void;
}

/** Migrates the database at `url` and adds the {@link SEED_LINKS} links every server reads, then closes it. */
export async function seedLinks(url: string): Promise<void> {
  const database = openDatabase<OutgoingLinksTables>({ url });
  try {
    await runMigrations(database, { owner: 'tel', migrations });
    const store = new OutgoingLinksStore(database);
    for (let i = 1; i <= SEED_LINKS; i++) {
      await store.insert({ title: `Link ${i}`, slug: `link${i}`, link: `https://example.com/page/${i}` });
    }
  } finally {
    await database.close();
  }
}

const CATEGORIES = ['News', 'Releases', 'Guides', 'Notes'];
const TAGS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];

/** Paragraphs with what the renderer works on: quotes, dashes, ellipses, inline HTML, a link. */
function contentOf(i: number): string {
  return [
    `Post number ${i} says "hello" to everyone -- and it's a fine day for a benchmark...`,
    `The second paragraph has <em>emphasis</em>, <strong>strong words</strong> and <a href="https://example.com/${i}">a link</a>.\nA line break too.`,
    `The third one is longer: it talks about the weather, the list of posts, the terms that tag them and the authors who wrote them, so that the excerpt has something to cut at fifty-five words, as WordPress cuts it, and the rendered content is the size of a short real post on a real site.`,
  ].join('\n\n');
}

/** A comment's text: typography, inline HTML and, now and then, a bare address to make a link of. */
function commentOf(i: number): string {
  const address = i % 3 === 0 ? ` See https://example.com/comment/${i} for more.` : '';
  return `Comment ${i}: "well said" -- I <em>agree</em> with most of it...${address}\nThanks for writing it.`;
}

/**
 * Migrates the content schema at `url` and writes, through the content package's own stores
 * and REST routes: an administrator with the bench application password, two authors, the
 * categories and tags, {@link SEED_POSTS} published posts (one category and two tags each),
 * and {@link SEED_COMMENTS} approved comments on post {@link COMMENTS_POST_ID} by the three
 * users, every third one a reply to the comment before it.
 */
export async function seedPosts(url: string): Promise<void> {
  const app = await createPostsApp(url);
  try {
    await migrateContent(app.database);
    const users = app.auth.users;
    const admin = await users.create({
      login: POSTS_LOGIN,
      email: 'admin@example.com',
      password: 'bench-pw',
      roles: ['administrator'],
    });
    await app.auth.applicationPasswords.create(admin.id, { name: 'bench', password: POSTS_APPLICATION_PASSWORD });
    const authors = [admin.id];
    for (const login of ['alice', 'bob']) {
      authors.push((await users.create({ login, email: `${login}@example.com`, password: 'bench-pw', roles: ['author'] })).id);
    }
    const post = async (path: string, body: unknown): Promise<number> => {
      const res = await app.server.handle({
        method: 'POST',
        url: `${REST_ROOT}/cms/v2/${path}`,
        headers: { authorization: POSTS_AUTHORIZATION, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res?.status !== 201) throw new Error(`Seeding ${path} answered ${res?.status}: ${res?.body}`);
      return (JSON.parse(res.body ?? '{}') as { id: number }).id;
    };
    const categories: number[] = [];
    for (const name of CATEGORIES) categories.push(await post('categories', { name }));
    const tags: number[] = [];
    for (const name of TAGS) tags.push(await post('tags', { name }));
    for (let i = 1; i <= SEED_POSTS; i++) {
      await post(POSTS_PATH.slice(`${REST_ROOT}/cms/v2/`.length), {
        title: `Post ${i}: "news" of the day`,
        content: contentOf(i),
        status: 'publish',
        author: authors[i % authors.length],
        categories: [categories[i % categories.length]],
        tags: [tags[i % tags.length], tags[(i + 2) % tags.length]],
        date: `2026-01-${String(i).padStart(2, '0')}T10:00:00`,
      });
    }
    const comments: number[] = [];
    for (let i = 1; i <= SEED_COMMENTS; i++) {
      const parent = i % 3 === 0 ? (comments[i - 2] ?? 0) : 0;
      comments.push(
        await post('comments', {
          post: COMMENTS_POST_ID,
          parent,
          author: authors[i % authors.length],
          content: commentOf(i),
          status: 'approve',
          date: `2026-02-01T10:${String(i).padStart(2, '0')}:00`,
        }),
      );
    }
  } finally {
    await app.close();
  }
}

/** Creates and seeds both databases in a new temporary directory. */
export async function seed(): Promise<Seeded> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-json-bench-'));
  const masters: Record<Dataset, string> = { links: join(dir, 'seed.db'), posts: join(dir, 'posts.db') };
  // Closing checkpoints the WAL into the main file, so a plain copy is complete.
  await seedLinks(`sqlite:${masters.links}`);
  await seedPosts(`sqlite:${masters.posts}`);
  return {
    dir,
    copyFor(name, dataset = 'links') {
      const file = join(dir, `${name}.db`);
      copyFileSync(masters[dataset], file);
      return file;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
