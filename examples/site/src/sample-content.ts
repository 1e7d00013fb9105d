/**
 * Sample content for a first start (issue 19 item 16, issue 20 item 8): categories and tags,
 * posts in every state a site has (published, a sticky one, two drafts, a pending one, a
 * private one, a password-protected one), pages with a child, book authors and books with
 * genres. Everything is written through the REST routes, in process, as the first
 * administrator, so it is stored exactly as a client's writes would be. Only an empty
 * database (no post-like records at all) is seeded.
 *
 * @module
 */
import type { ContentTables } from '@cms-json/content';
import type { Principal, RestServer } from '@cms-json/core';
import type { Kysely } from 'kysely';

/** A post of the sample: its fields, and the keys of its terms. */
interface SamplePost {
  title: string;
  content: string;
  status: 'publish' | 'draft' | 'pending' | 'private';
  date: string;
  sticky?: boolean;
  password?: string;
  categories?: readonly string[];
  tags?: readonly string[];
}

const CATEGORIES: readonly [key: string, name: string, parent?: string][] = [
  ['news', 'News'],
  ['releases', 'Releases', 'news'],
  ['guides', 'Guides'],
];

const TAGS: readonly [key: string, name: string][] = [
  ['rest', 'REST'],
  ['typescript', 'TypeScript'],
  ['wordpress', 'WordPress'],
];

const POSTS: readonly SamplePost[] = [
  {
    title: 'Welcome to the example site',
    content:
      'This site runs on cms-json. Everything you see here is served by its REST API.\n\nOpen the REST root in a browser to walk through it.',
    status: 'publish',
    date: '2026-01-05T09:00:00',
    sticky: true,
    categories: ['news'],
    tags: ['rest'],
  },
  {
    title: 'Version 0.1 is out',
    content: 'Posts, pages, custom post types, taxonomies and users, in both naming profiles.',
    status: 'publish',
    date: '2026-01-12T10:30:00',
    categories: ['releases'],
    tags: ['typescript'],
  },
  {
    title: 'Talking to the site with wpapi',
    content: 'With `CMS_PREFIX=wp` the site speaks the WordPress 6.1 wire format, so WordPress clients work unchanged.',
    status: 'publish',
    date: '2026-01-20T14:00:00',
    categories: ['guides'],
    tags: ['rest', 'wordpress'],
  },
  {
    title: 'Embedding linked records',
    content: 'Add `_embed` to a request and the author, the terms and the parent page come along.',
    status: 'publish',
    date: '2026-02-02T08:15:00',
    categories: ['guides'],
    tags: ['rest'],
  },
  {
    title: 'Members only: the roadmap',
    content: 'What comes next, for those who know the password.',
    status: 'publish',
    date: '2026-02-10T12:00:00',
    password: 'roadmap',
    categories: ['news'],
  },
  {
    title: 'Team notes',
    content: 'Only those who may read private posts see this one.',
    status: 'private',
    date: '2026-02-11T16:45:00',
    categories: ['news'],
  },
  {
    title: 'Draft: paging through collections',
    content: 'page, per_page, offset and the Link header. To be finished.',
    status: 'draft',
    date: '2026-02-14T09:00:00',
    categories: ['guides'],
    tags: ['rest'],
  },
  {
    title: 'Draft: writing a plugin',
    content: 'Routes, schemas and permissions of your own.',
    status: 'draft',
    date: '2026-02-15T09:00:00',
    tags: ['typescript'],
  },
  {
    title: 'Waiting for review: custom post types',
    content: 'Registering a type, switching its exposure on, deriving its controller.',
    status: 'pending',
    date: '2026-02-16T09:00:00',
    categories: ['guides'],
  },
];

const PAGES: readonly [key: string, title: string, content: string, parent?: string][] = [
  ['about', 'About', 'An example site for cms-json: posts, pages and a small library of books.'],
  ['team', 'The team', 'The people who keep this example running.', 'about'],
  ['contact', 'Contact', 'Write to the site at hello@example.invalid.'],
];

const GENRES: readonly [key: string, name: string][] = [
  ['scifi', 'Science fiction'],
  ['fantasy', 'Fantasy'],
  ['essays', 'Essays'],
];

const BOOK_AUTHORS: readonly [key: string, title: string, excerpt: string][] = [
  ['leguin', 'Ursula K. Le Guin', 'American author of speculative fiction, poetry and essays.'],
  ['lem', 'Stanisław Lem', 'Polish writer of science fiction and philosophy.'],
  ['butler', 'Octavia E. Butler', 'American science fiction author.'],
];

const BOOKS: readonly [title: string, author: string, genres: readonly string[], date: string, excerpt: string][] = [
  ['A Wizard of Earthsea', 'leguin', ['fantasy'], '2026-01-03T10:00:00', 'A young mage learns the cost of power.'],
  ['The Dispossessed', 'leguin', ['scifi'], '2026-01-04T10:00:00', 'A physicist travels between two worlds.'],
  ['The Wave in the Mind', 'leguin', ['essays'], '2026-01-06T10:00:00', 'Talks and essays on writing and reading.'],
  ['Solaris', 'lem', ['scifi'], '2026-01-08T10:00:00', 'A living ocean that no one understands.'],
  ['Kindred', 'butler', ['scifi', 'fantasy'], '2026-01-10T10:00:00', 'A writer is pulled back in time.'],
  ['Parable of the Sower', 'butler', ['scifi'], '2026-01-14T10:00:00', 'A new faith in a failing world.'],
];

/** How many records of each kind a seed added. */
export interface SampleContentCounts {
  posts: number;
  pages: number;
  bookAuthors: number;
  books: number;
  terms: number;
}

/**
 * Adds the sample content when the database holds no post-like record yet; returns how much
 * was added (all zeros when it was not empty). Call it after the books plugin is in use.
 *
 * @throws Error when a sample record is refused (the message names it and the answer's code).
 * @example
 * const added = await addSampleContent({ server, db, admin });
 */
export async function addSampleContent(options: {
  server: RestServer;
  db: Kysely<ContentTables>;
  /** The user the content is written as (the first administrator). */
  admin: Principal;
}): Promise<SampleContentCounts> {
  const counts: SampleContentCounts = { posts: 0, pages: 0, bookAuthors: 0, books: 0, terms: 0 };
  const existing = await options.db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  if (existing !== undefined) return counts;
  const ns = `/${options.server.names.prefix}/v2`;
  const create = async (base: string, body: Record<string, unknown>): Promise<number> => {
    const res = await options.server.dispatch({ method: 'POST', path: `${ns}/${base}`, body, user: options.admin });
    const data = res.data as { id?: unknown; code?: unknown };
    if (res.status !== 201 || typeof data.id !== 'number') {
      throw new Error(`sample content: ${base} "${String(body.title ?? body.name)}" was refused (${String(data.code)}).`);
    }
    return data.id;
  };
  const terms = new Map<string, number>();
  for (const [key, name, parent] of CATEGORIES) {
    terms.set(key, await create('categories', { name, ...(parent === undefined ? {} : { parent: terms.get(parent) }) }));
  }
  for (const [key, name] of TAGS) terms.set(key, await create('tags', { name }));
  for (const [key, name] of GENRES) terms.set(key, await create('genres', { name }));
  counts.terms = terms.size;
  const ids = (keys: readonly string[] | undefined) => (keys ?? []).map((key) => terms.get(key) as number);

  for (const post of POSTS) {
    const { categories, tags, ...fields } = post;
    await create('posts', {
      ...fields,
      ...(categories === undefined ? {} : { categories: ids(categories) }),
      ...(tags === undefined ? {} : { tags: ids(tags) }),
    });
    counts.posts += 1;
  }
  const pages = new Map<string, number>();
  for (const [index, [key, title, content, parent]] of PAGES.entries()) {
    const body = { title, content, status: 'publish', menu_order: index, parent: parent === undefined ? 0 : pages.get(parent) };
    pages.set(key, await create('pages', body));
    counts.pages += 1;
  }
  const authors = new Map<string, number>();
  for (const [key, title, excerpt] of BOOK_AUTHORS) {
    authors.set(key, await create('book-authors', { title, excerpt, content: excerpt, status: 'publish' }));
    counts.bookAuthors += 1;
  }
  for (const [title, author, genres, date, excerpt] of BOOKS) {
    await create('books', {
      title,
      excerpt,
      content: excerpt,
      status: 'publish',
      date,
      author: authors.get(author),
      genres: ids(genres),
    });
    counts.books += 1;
  }
  // A book still being written, to show that drafts stay out of the public lists.
  await create('books', { title: 'Untitled manuscript', status: 'draft', author: authors.get('butler'), genres: ids(['scifi']) });
  counts.books += 1;
  return counts;
}
