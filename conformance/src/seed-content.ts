/**
 * The original's seeded content (its `php/seed.php`), brought into cms-json through
 * cms-json's own API as the administrator, in the same order, so that every record gets the
 * id it has on the original: WordPress's own first post, page and draft (ids 1–3), the
 * categories and tags (terms 2–12), 25 posts (ids 4–28), a revision of the first of them
 * (29) and four pages (30–33).
 *
 * Two things are written to the database directly: the revision (the original's seed inserts
 * it with an older content, which no update through an API can produce) and the plain guids
 * of WordPress's own first three records (its installer makes them before pretty permalinks).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { type ContentTables, contentDatabase, type SiteDatabase, SqlOptionsStore } from '@cms-json/content';
import type { Kysely } from 'kysely';
import { send, type Target } from './send.js';

/** WordPress's own first content (as the original's install made it), `{origin}` for its address. */
interface DefaultRecord {
  readonly type: 'posts' | 'pages';
  readonly title: string;
  readonly content: string;
  readonly excerpt: string;
  readonly status: string;
  readonly slug: string;
  readonly comment_status: string;
  readonly ping_status: string;
}
const defaults = JSON.parse(readFileSync(new URL('./wordpress-defaults.json', import.meta.url), 'utf8')) as Record<
  string,
  DefaultRecord
>;

/** `2023-01-01T00:00:00` plus days and hours, as the original's seed dates its records (UTC). */
export function seedDate(days: number, hours = 9, minutes = 0): string {
  return new Date(Date.UTC(2023, 0, 1 + days, hours, minutes)).toISOString().slice(0, 19);
}

/** One administrator request of the seed; throws on anything but the status expected. */
async function post(target: Target, path: string, body: unknown): Promise<{ id: number }> {
  const answer = await send(target, { name: 'seed', method: 'POST', path, as: 'admin', body, about: 'seed' }, new Map());
  if (answer.status !== 201) throw new Error(`seeding POST ${path} failed: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as { id: number };
}

/** Checks that a seeded record got the id it has on the original. */
function expectId(what: string, record: { id: number }, id: number): void {
  if (record.id !== id) throw new Error(`seeding ${what} gave id ${record.id}, the original has ${id}`);
}

const CATEGORIES = [
  ['news', 'News', 'Announcements and news.', undefined],
  ['technology', 'Technology', 'Software, web and hardware.', undefined],
  ['travel', 'Travel', 'Places and journeys.', undefined],
  ['food', 'Food', 'Recipes and restaurants.', undefined],
  ['gadgets', 'Gadgets', 'Small devices (child of Technology).', 'technology'],
] as const;

const TAGS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'] as const;

const TITLES = [
  'Getting Started With The REST API',
  'A Walk Through Lisbon',
  'Sticky: Welcome To The Oracle',
  'Sourdough For Beginners',
  'Aside: Quick Note',
  'The Tiny Keyboard Review',
  'Pagination Headers Explained',
  'Weekend In The Alps',
  'Ten Minute Pasta',
  'Comments Are Closed Here',
  'Linking And Embedding',
  'Night Train To Vienna',
  'Soup Season',
  'Smart Watches Compared',
  'Release Notes 1.0',
  'Schemas And Contexts',
  'Island Hopping',
  'Spicy Noodles',
  'E-Readers In 2023',
  'Search Me If You Can',
  'Draft: Unfinished Thoughts',
  'Pending: Awaiting Review',
  'Private: Notes To Self',
  'Protected: Members Only',
  'The Last Published Post',
] as const;

const ADMIN = 1;
const AUTHOR = 2;

/** The content of the original's seeded post number `i` (block markup every fifth post). */
function contentOf(i: number, title: string): string {
  if (i % 5 === 0) {
    return (
      `<!-- wp:paragraph -->\n<p>Post ${i} is written with blocks. It talks about <em>${title}</em>.</p>\n<!-- /wp:paragraph -->\n\n` +
      `<!-- wp:heading -->\n<h2>Section ${i}</h2>\n<!-- /wp:heading -->\n\n` +
      '<!-- wp:list -->\n<ul><li>First point</li><li>Second point</li></ul>\n<!-- /wp:list -->\n\n' +
      `<!-- wp:paragraph -->\n<p>See <a href="https://example.com/posts/${i}">example.com/posts/${i}</a> for more.</p>\n<!-- /wp:paragraph -->`
    );
  }
  return (
    `This is post number ${i}, titled "${title}". It has two paragraphs & some <strong>markup</strong>.\n\n` +
    `The second paragraph links to <a href="https://example.com/posts/${i}">an external page</a> and ends here.`
  );
}

/** The body that creates the original's seeded post number `i` (1–25). */
function postBody(i: number, category: ReadonlyMap<string, number>, tag: ReadonlyMap<string, number>): Record<string, unknown> {
  const title = TITLES[i - 1] ?? '';
  const cycle = ['news', 'technology', 'travel', 'food', 'gadgets'];
  const categories = [category.get(cycle[i % 5] ?? '')];
  if (i % 4 === 0) categories.push(category.get('news'));
  const tags = [tag.get(TAGS[i % 6] ?? '')];
  if (i % 2 === 0) tags.push(tag.get(TAGS[(i + 2) % 6] ?? ''));
  const status = i === 21 ? 'draft' : i === 22 ? 'pending' : i === 23 ? 'private' : 'publish';
  return {
    title,
    content: contentOf(i, title),
    excerpt: i % 3 === 0 ? `Hand-written excerpt for post ${i}.` : '',
    status,
    author: i % 2 === 1 ? ADMIN : AUTHOR,
    date: seedDate(i),
    date_gmt: seedDate(i),
    categories,
    tags,
    comment_status: i === 10 ? 'closed' : 'open',
    ping_status: 'closed',
    // The original's seed names every post, drafts too (a draft made through the API has no slug).
    ...(i === 21 ? { slug: 'draft-unfinished-thoughts' } : i === 22 ? { slug: 'pending-awaiting-review' } : {}),
    ...(i === 24 ? { password: 'secret' } : {}),
    ...(i === 5 ? { format: 'aside' } : i === 6 ? { format: 'gallery' } : {}),
    ...(i === 3 ? { sticky: true } : {}),
  };
}

/**
 * Seeds the original's content into a cms-json site in the `wp` profile whose users are
 * already seeded (admin = 1, author = 2).
 *
 * @example
 * await seedContent(target, database);
 */
export async function seedContent(target: Target, site: SiteDatabase): Promise<void> {
  // The content tables are a part of the site's.
  const database = contentDatabase(site);
  const { db } = database;
  const fill = (text: string) => text.replaceAll('{origin}', target.origin);
  const fixed = seedDate(0, 8);
  for (const [id, record] of Object.entries(defaults)) {
    const path = record.type === 'posts' ? '/wp/v2/posts' : '/wp/v2/pages';
    const created = await post(target, path, {
      title: fill(record.title),
      content: fill(record.content),
      excerpt: fill(record.excerpt),
      status: record.status,
      slug: record.slug,
      comment_status: record.comment_status,
      ping_status: record.ping_status,
      date: fixed,
      date_gmt: fixed,
    });
    expectId(`${record.type} ${id}`, created, Number(id));
    // WordPress's installer writes these rows before pretty permalinks are on: their guids are plain.
    const guid = `${target.origin}/?${record.type === 'posts' ? 'p' : 'page_id'}=${id}`;
    await db.updateTable('posts').set({ guid }).where('id', '=', Number(id)).execute();
  }
  const category = new Map<string, number>();
  let termId = 2;
  for (const [slug, name, description, parent] of CATEGORIES) {
    const body = { name, slug, description, ...(parent === undefined ? {} : { parent: category.get(parent) }) };
    const created = await post(target, '/wp/v2/categories', body);
    expectId(`category ${slug}`, created, termId++);
    category.set(slug, created.id);
  }
  const tag = new Map<string, number>();
  for (const slug of TAGS) {
    const name = slug.charAt(0).toUpperCase() + slug.slice(1);
    const created = await post(target, '/wp/v2/tags', { name, slug, description: `The ${slug} tag.` });
    expectId(`tag ${slug}`, created, termId++);
    tag.set(slug, created.id);
  }
  for (let i = 1; i <= TITLES.length; i++) {
    expectId(`post ${i}`, await post(target, '/wp/v2/posts', postBody(i, category, tag)), i + 3);
  }
  await db
    .insertInto('posts')
    .values({
      type: 'revision',
      status: 'inherit',
      author: ADMIN,
      parent: 4,
      slug: '4-revision-v1',
      title: TITLES[0],
      content: 'An earlier version of post number 1.',
      date: seedDate(1, 8),
      date_gmt: seedDate(1, 8),
      modified: seedDate(1, 8),
      modified_gmt: seedDate(1, 8),
      guid: `${target.origin}/?p=29`,
    })
    .execute();
  const pages = [
    ['About', 'about', 'About this reference site.', 0, 1, 30],
    ['Team', 'team', 'Who works here.', 30, 1, 31],
    ['History', 'history', 'How it started.', 30, 2, 32],
    ['Contact', 'contact', 'Write to contact@example.test.', 0, 3, 33],
  ] as const;
  for (const [title, slug, content, parent, menuOrder, day] of pages) {
    const body = {
      title,
      slug,
      content,
      status: 'publish',
      parent,
      menu_order: menuOrder,
      date: seedDate(day),
      date_gmt: seedDate(day),
    };
    expectId(`page ${slug}`, await post(target, '/wp/v2/pages', body), day);
  }
  await seedComments(db, fill);
  // The installer gives the site its administrator's address.
  await new SqlOptionsStore(database).set('email', 'admin@example.test');
}

/** A comment of the original's seed, as its edit context shows it (`wordpress-comments.json`). */
interface SeedComment {
  readonly id: number;
  readonly post: number;
  readonly parent: number;
  readonly author: number;
  readonly author_name: string;
  readonly author_email: string;
  readonly author_url: string;
  readonly author_ip: string;
  readonly author_user_agent: string;
  readonly date: string;
  readonly date_gmt: string;
  readonly content: string;
  readonly status: 'approved' | 'hold';
  readonly type: string;
}

/**
 * The original's comments, written straight to the table with their ids (the comments routes
 * would stamp them with today's date and the caller's address), then each post's count.
 */
async function seedComments(db: Kysely<ContentTables>, fill: (text: string) => string): Promise<void> {
  const comments = JSON.parse(readFileSync(new URL('./wordpress-comments.json', import.meta.url), 'utf8')) as SeedComment[];
  for (const comment of comments) {
    const row = await db
      .insertInto('comments')
      .values({
        post_id: comment.post,
        parent: comment.parent,
        user_id: comment.author,
        author_name: comment.author_name,
        author_email: comment.author_email,
        author_url: fill(comment.author_url),
        author_ip: comment.author_ip,
        agent: comment.author_user_agent,
        date: comment.date,
        date_gmt: comment.date_gmt,
        content: fill(comment.content),
        approved: comment.status === 'approved' ? '1' : '0',
        type: comment.type,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expectId(`comment ${comment.id}`, row, comment.id);
  }
  for (const postId of new Set(comments.map((comment) => comment.post))) {
    const approved = comments.filter((comment) => comment.post === postId && comment.status === 'approved').length;
    await db.updateTable('posts').set({ comment_count: approved }).where('id', '=', postId).execute();
  }
}
