/**
 * The record a URL of the site leads to, as WordPress's `url_to_postid`: the plain forms
 * (`?p=12`, `?page_id=7`, `?post_type=book&p=3`) by id, a pretty permalink by its last
 * segment (the slug, or the id where the structure has `%post_id%`): such a candidate is the
 * answer only when its own permalink is the URL, so the site's link-making decides.
 *
 * @module
 */
import type { Post, PostStore } from '../posts/store.js';

/**
 * What the lookup needs: the site's address, the records' store, the types a URL may lead to
 * and how a record's permalink is made.
 *
 * @example
 * const lookup: PostUrlLookup = { siteUrl: 'https://example.com', posts, types: ['post', 'page'], permalinkOf: async (post) => '…' };
 */
export interface PostUrlLookup {
  /** The site's address, without a trailing slash. */
  readonly siteUrl: string;
  readonly posts: PostStore;
  /** The post types whose records a pretty permalink may name (revisions never are). */
  readonly types: readonly string[];
  /** The public address of a record (`undefined` for a type without routes). */
  readonly permalinkOf: (post: Post) => Promise<string | undefined>;
}

/** A URL without its fragment, its host in lower case, its path ending in `/` unless it has a query. */
function comparable(url: URL): string {
  const path = url.search === '' && !url.pathname.endsWith('/') ? `${url.pathname}/` : url.pathname;
  return `${url.protocol}//${url.host.toLowerCase()}${path}${url.search}`;
}

function parse(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function positiveId(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/**
 * The record a URL of the site leads to, or `undefined` (another site, no such record, or a
 * URL that is not the record's permalink).
 *
 * @example
 * await postFromUrl('https://example.com/hello-world/', lookup); // the post `hello-world`
 */
export async function postFromUrl(text: string, lookup: PostUrlLookup): Promise<Post | undefined> {
  const url = parse(text);
  const site = parse(lookup.siteUrl);
  if (url === undefined || site === undefined) return undefined;
  // As url_to_postid: the scheme does not matter, the host does.
  if (url.host.toLowerCase() !== site.host.toLowerCase()) return undefined;
  url.protocol = site.protocol;
  url.hash = '';
  const sitePath = site.pathname.replace(/\/$/, '');
  if (!url.pathname.startsWith(`${sitePath}/`) && url.pathname !== sitePath) return undefined;

  const candidates: Post[] = [];
  const byId = positiveId(url.searchParams.get('p')) ?? positiveId(url.searchParams.get('page_id'));
  if (byId !== undefined) {
    // The plain forms name the record whatever the permalink structure is, as the original reads them.
    const post = await lookup.posts.find(byId);
    return post !== undefined && post.type !== 'revision' ? post : undefined;
  }
  {
    const segments = url.pathname
      .slice(sitePath.length)
      .split('/')
      .filter((segment) => segment !== '');
    const last = segments.at(-1);
    if (last === undefined) return undefined;
    let slug: string;
    try {
      slug = decodeURIComponent(last);
    } catch {
      return undefined;
    }
    const id = positiveId(slug);
    candidates.push(...(await candidatesOf(lookup, slug, id)));
  }
  const wanted = comparable(url);
  for (const post of candidates) {
    const link = await lookup.permalinkOf(post);
    const own = link === undefined ? undefined : parse(link);
    if (own !== undefined && comparable(own) === wanted) return post;
  }
  return undefined;
}

/** The first 20 records (by id) of the types whose slug is `slug` or, when it is a number, whose id is it. */
async function candidatesOf(lookup: PostUrlLookup, slug: string, id: number | undefined): Promise<Post[]> {
  const types = lookup.types.filter((type) => type !== 'revision');
  if (types.length === 0) return [];
  // Any status (`statuses: []`): the permalink decides, then the caller's read check.
  const base = { types, statuses: [], nowGmt: '', orderBy: 'id', order: 'asc', perPage: CANDIDATES, offset: 0 } as const;
  const [bySlug, byId] = await Promise.all([
    lookup.posts.list({ ...base, slugs: [slug] }),
    id === undefined ? undefined : lookup.posts.list({ ...base, include: [id] }),
  ]);
  const found = new Map<number, Post>();
  for (const post of [...bySlug.posts, ...(byId?.posts ?? [])]) found.set(post.id, post);
  return [...found.values()].sort((a, b) => a.id - b.id).slice(0, CANDIDATES);
}

/** The most records a pretty permalink's last segment is tried against. */
const CANDIDATES = 20;
