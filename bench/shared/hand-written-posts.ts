/**
 * The hand-written reproduction of the content package's posts routes under test (list, list
 * with `_embed=author,cms:term`, one post, an authenticated create of a draft; a post's
 * comments in `hand-written-comments.ts`): the SQL the
 * posts store runs for these requests on better-sqlite3 (prepared once), and headers and
 * bodies written to be byte-identical to what cms-json sends (the orchestrator checks that at
 * start). The node:http and Fastify posts baselines share it.
 *
 * Text is rendered with the content package's own renderer (`defaultRenderer`: WordPress's
 * `wptexturize`, `wpautop` and excerpt) and avatars with its `avatarUrls`: a second copy of
 * WordPress's formatting would measure a different formatter, not the framework.
 *
 * The `_embed` list is where this server deliberately does not copy cms-json's SQL: it loads
 * the page's authors and terms with one `IN (…)` query each (the joins issue 23 asks cms-json
 * to make), where cms-json today dispatches one internal request per link.
 *
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { avatarUrls, defaultRenderer } from '@cms-json/content';
import Database from 'better-sqlite3';
import { REST_ROOT, SITE_URL } from './constants.js';
import { type Answer, tagged } from './hand-written.js';
import { HandWrittenComments } from './hand-written-comments.js';

/** A row of `posts` (`select *`). */
interface PostRow {
  id: number;
  type: string;
  status: string;
  author: number;
  parent: number;
  menu_order: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  password: string;
  comment_status: string;
  ping_status: string;
  template: string;
  format: string;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  guid: string;
}

/** A row of `terms`. */
interface TermRow {
  id: number;
  taxonomy: string;
  name: string;
  slug: string;
}

/** A row of `users`. */
interface UserRow {
  id: number;
  login: string;
  email: string;
  display_name: string;
  slug: string;
  url: string;
  description: string;
  roles: string;
}

/** What the records of one page share. */
interface PageScope {
  sticky: ReadonlySet<number>;
  structure: string;
  /** Per taxonomy (in {@link TAXONOMIES} order): term ids by post id. */
  terms: Map<number, number[]>[];
  revisions: Map<number, { n: number; latest: number }>;
}

const NS = `${SITE_URL}${REST_ROOT}/cms/v2`;
const POSTS_URL = `${NS}/posts`;
const ROOT_LINK = `<${SITE_URL}${REST_ROOT}/>; rel="https://api.cms-json.org/"`;
const CURIES = [{ name: 'cms', href: 'https://api.cms-json.org/{rel}', templated: true }];
const LEADING: readonly [string, string][] = [
  ['Content-Type', 'application/json; charset=UTF-8'],
  ['X-Robots-Tag', 'noindex'],
];
const STANDARD: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Access-Control-Expose-Headers', 'X-CMS-Total, X-CMS-TotalPages, Link'],
  ['Access-Control-Allow-Headers', 'Authorization, X-CMS-Nonce, Content-Disposition, Content-MD5, Content-Type'],
];
const NO_CACHE: readonly [string, string][] = [
  ['Expires', 'Wed, 11 Jan 1984 05:00:00 GMT'],
  ['Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private'],
];
const VARY: [string, string] = ['Vary', 'Origin'];
const TAXONOMIES = [
  { taxonomy: 'category', field: 'categories', base: 'categories', linkBase: 'category' },
  { taxonomy: 'post_tag', field: 'tags', base: 'tags', linkBase: 'tag' },
] as const;
/** The edit context's action links of an administrator on a post, in cms-json's order. */
const ADMIN_ACTIONS = [
  'create-categories',
  'assign-categories',
  'create-tags',
  'assign-tags',
  'publish',
  'unfiltered-html',
  'sticky',
  'assign-author',
];
const DEFAULTS = { timezone: 'UTC', sticky_posts: [] as number[], permalink_structure: '/%postname%/' };
const USAGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

const error = (code: string, message: string, status: number) => JSON.stringify({ code, message, data: { status } });

/** The statuses as the store reads them now (`future` whose date passed is `publish`). */
const WHERE_READABLE =
  '("posts"."type" in (?) and case when ("posts"."status" = ? and "posts"."date_gmt" <= ?) then ? else "posts"."status" end in (?))';
/** The posts store's term filter (`?categories=`): an `EXISTS` on the relationships. */
const IN_TERMS =
  'exists (select "term_relationships"."object_id" from "term_relationships" where ("term_relationships"."object_id" = "posts"."id" and "term_relationships"."term_id" in (?)))';
const WHERE_IN_TERM = `(${WHERE_READABLE.slice(1, -1)} and ${IN_TERMS})`;
const TERMS_OF =
  'select "term_relationships"."object_id", "term_relationships"."term_id" from "term_relationships" inner join "terms" on "terms"."id" = "term_relationships"."term_id" where "terms"."taxonomy" = ? and "term_relationships"."object_id" in';
const REVISIONS_OF = 'select "parent", count(*) as "n", max("id") as "latest" from "posts" where "type" = ? and "parent" in';
const RECOUNT =
  'update "terms" set "count" = (select count(*) as "n" from "term_relationships" where "term_relationships"."term_id" = "terms"."id" and "term_relationships"."counted" = ?) where "id" in (?)';

const placeholders = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;
const nowGmt = (time: number) => new Date(time).toISOString().slice(0, 19);

/** The posts routes of the benchmark, hand-written over one SQLite file. */
export class HandWrittenPosts {
  readonly #db: Database.Database;
  /** The comments list (`GET /cms/v2/comments?post=<id>`), on the same connection. */
  readonly comments: HandWrittenComments;
  /** Statements whose `IN (…)` has a given number of ids, prepared on first use. */
  readonly #byCount = new Map<string, Database.Statement>();
  readonly #option: Database.Statement<[string], { value: string }>;
  readonly #page: Database.Statement<unknown[], PostRow>;
  readonly #count: Database.Statement<unknown[], { total: number }>;
  readonly #pageInTerm: Database.Statement<unknown[], PostRow>;
  readonly #countInTerm: Database.Statement<unknown[], { total: number }>;
  readonly #post: Database.Statement<[number], PostRow>;
  readonly #userByLogin: Database.Statement<[string], UserRow>;
  readonly #passwords: Database.Statement<[number], { uuid: string; hash: string; last_used: string | null }>;
  readonly #stampPassword: Database.Statement<[string, string]>;
  readonly #insert: Database.Statement<unknown[], PostRow>;
  readonly #setGuid: Database.Statement<[string, number], PostRow>;
  readonly #termBySlug: Database.Statement<[string, string], TermRow>;
  readonly #begin: Database.Statement;
  readonly #commit: Database.Statement;
  readonly #termsOfObject: Database.Statement<[number, string], { term_id: number }>;
  readonly #relate: Database.Statement<[number, number, number, number]>;
  readonly #recount: Database.Statement<[number, number]>;
  readonly #allTermsOf: Database.Statement<[number], { term_id: number }>;
  readonly #setCounted: Database.Statement<[number, number]>;

  constructor(file: string) {
    this.#db = new Database(file);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('busy_timeout = 5000');
    // As durable as cms-json (a 201 means on disk), so that creates compare alike.
    this.#db.pragma('synchronous = FULL');
    this.#option = this.#db.prepare('select "value" from "options" where "name" = ?');
    this.#page = this.#db.prepare(
      `select * from "posts" where ${WHERE_READABLE} order by "posts"."date" desc, "posts"."id" asc limit ? offset ?`,
    );
    this.#count = this.#db.prepare(`select count(*) as "total" from "posts" where ${WHERE_READABLE}`);
    this.#pageInTerm = this.#db.prepare(
      `select * from "posts" where ${WHERE_IN_TERM} order by "posts"."date" desc, "posts"."id" asc limit ? offset ?`,
    );
    this.#countInTerm = this.#db.prepare(`select count(*) as "total" from "posts" where ${WHERE_IN_TERM}`);
    this.#post = this.#db.prepare('select * from "posts" where "id" = ?');
    this.#userByLogin = this.#db.prepare('select * from "users" where lower(login) = ?');
    this.#passwords = this.#db.prepare('select * from "application_passwords" where "user_id" = ?');
    this.#stampPassword = this.#db.prepare('update "application_passwords" set "last_used" = ? where "uuid" = ?');
    this.#insert = this.#db.prepare(
      'insert into "posts" ("type", "status", "author", "date", "date_gmt", "modified", "modified_gmt", "comment_status", "ping_status", "title", "content") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *',
    );
    this.#setGuid = this.#db.prepare('update "posts" set "guid" = ? where "id" = ? returning *');
    this.#termBySlug = this.#db.prepare('select * from "terms" where "taxonomy" = ? and "slug" = ?');
    this.#begin = this.#db.prepare('begin');
    this.#commit = this.#db.prepare('commit');
    this.#termsOfObject = this.#db.prepare(
      'select "term_relationships"."term_id" from "term_relationships" inner join "terms" on "terms"."id" = "term_relationships"."term_id" where "term_relationships"."object_id" = ? and "terms"."taxonomy" = ?',
    );
    this.#relate = this.#db.prepare(
      'insert into "term_relationships" ("object_id", "term_id", "counted") values (?, ?, ?) on conflict ("object_id", "term_id") do update set "counted" = ?',
    );
    this.#recount = this.#db.prepare(RECOUNT);
    this.#allTermsOf = this.#db.prepare('select "term_id" from "term_relationships" where "object_id" = ?');
    this.#setCounted = this.#db.prepare('update "term_relationships" set "counted" = ? where "object_id" = ?');
    this.comments = new HandWrittenComments(this.#db);
  }

  #statement<R>(key: string, sql: (n: number) => string, n: number): Database.Statement<unknown[], R> {
    const id = `${key}:${n}`;
    let statement = this.#byCount.get(id);
    if (statement === undefined) {
      statement = this.#db.prepare(sql(n));
      this.#byCount.set(id, statement);
    }
    return statement as Database.Statement<unknown[], R>;
  }

  #options<K extends keyof typeof DEFAULTS>(name: K): (typeof DEFAULTS)[K] {
    const row = this.#option.get(name);
    return row === undefined ? DEFAULTS[name] : (JSON.parse(row.value) as (typeof DEFAULTS)[K]);
  }

  /** What every record of a page needs: sticky ids, permalinks, term ids and revision counts. */
  #scope(ids: readonly number[]): PageScope {
    const sticky = new Set(this.#options('sticky_posts'));
    const structure = this.#options('permalink_structure');
    const terms = TAXONOMIES.map(({ taxonomy }) => {
      const rows = this.#statement<{ object_id: number; term_id: number }>(
        'terms',
        (n) => `${TERMS_OF} ${placeholders(n)} order by "terms"."name", "terms"."id"`,
        ids.length,
      ).all(taxonomy, ...ids);
      const byPost = new Map<number, number[]>();
      for (const row of rows) {
        const list = byPost.get(row.object_id);
        if (list === undefined) byPost.set(row.object_id, [row.term_id]);
        else list.push(row.term_id);
      }
      return byPost;
    });
    const revisions = new Map<number, { n: number; latest: number }>();
    for (const row of this.#statement<{ parent: number; n: number; latest: number }>(
      'revisions',
      (n) => `${REVISIONS_OF} ${placeholders(n)} group by "parent"`,
      ids.length,
    ).all('revision', ...ids)) {
      revisions.set(row.parent, row);
    }
    return { sticky, structure, terms, revisions };
  }

  /** The record of a post (view context, or edit context for its administrator). */
  #record(post: PostRow, scope: PageScope, edit: boolean): Record<string, unknown> {
    const status = post.status === 'future' ? 'publish' : post.status;
    const published = status === 'publish' || status === 'private';
    const link =
      scope.structure !== '' && published && post.slug !== ''
        ? `${SITE_URL}${scope.structure.replace('%postname%', post.slug).replace('%post_id%', String(post.id))}`
        : `${SITE_URL}/?p=${post.id}`;
    const isProtected = post.password !== '';
    const hidden = isProtected && !edit;
    const self = `${POSTS_URL}/${post.id}`;
    const revisions = scope.revisions.get(post.id);
    const links: Record<string, unknown> = {
      self: [{ href: self }],
      collection: [{ href: POSTS_URL }],
      about: [{ href: `${NS}/types/post` }],
      author: [{ embeddable: true, href: `${NS}/users/${post.author}` }],
      replies: [{ embeddable: true, href: `${NS}/comments?post=${post.id}` }],
      'version-history': [{ href: `${self}/revisions`, count: revisions?.n ?? 0 }],
    };
    if (revisions !== undefined) {
      links['predecessor-version'] = [{ id: revisions.latest, href: `${self}/revisions/${revisions.latest}` }];
    }
    links['cms:attachment'] = [{ href: `${NS}/media?parent=${post.id}` }];
    links['cms:term'] = TAXONOMIES.map(({ taxonomy, base }) => ({
      taxonomy,
      embeddable: true,
      href: `${NS}/${base}?post=${post.id}`,
    }));
    if (edit) for (const action of ADMIN_ACTIONS) links[`cms:action-${action}`] = [{ href: self }];
    links.curies = CURIES;
    const title = defaultRenderer.title(post.title);
    const content = hidden ? '' : defaultRenderer.content(post.content);
    const excerpt = hidden ? '' : defaultRenderer.excerpt(post.excerpt, post.content);
    const record: Record<string, unknown> = {
      id: post.id,
      date: post.date,
      date_gmt: post.date_gmt,
      guid: edit ? { rendered: post.guid, raw: post.guid } : { rendered: post.guid },
      modified: post.modified,
      modified_gmt: post.modified_gmt,
    };
    if (edit) record.password = post.password;
    Object.assign(record, {
      slug: post.slug,
      status,
      type: post.type,
      link,
      title: edit ? { raw: post.title, rendered: title } : { rendered: title },
      content: edit
        ? {
            raw: post.content,
            rendered: content,
            protected: isProtected,
            block_version: post.content.includes('<!-- wp:') ? 1 : 0,
          }
        : { rendered: content, protected: isProtected },
      excerpt: edit
        ? { raw: post.excerpt, rendered: excerpt, protected: isProtected }
        : { rendered: excerpt, protected: isProtected },
      author: post.author,
      featured_media: 0,
      comment_status: post.comment_status,
      ping_status: post.ping_status,
      sticky: scope.sticky.has(post.id),
      template: post.template,
      format: post.format,
      meta: [],
    });
    if (edit) {
      record.permalink_template = `${SITE_URL}${scope.structure}`;
      record.generated_slug = slugOf(post.title);
    }
    for (const [i, { field }] of TAXONOMIES.entries()) record[field] = scope.terms[i]?.get(post.id) ?? [];
    record._links = links;
    return record;
  }

  /**
   * `GET /cms/v2/posts` (`?page=`, `?per_page=`), with `_embed=author,cms:term` when `embed`,
   * and only the posts of one category when `category` is given (`?categories=`).
   */
  list(page: number, perPage: number, embed: boolean, category?: number): Answer {
    this.#options('timezone');
    const now = nowGmt(Date.now());
    const where: unknown[] = ['post', 'future', now, 'publish', 'publish'];
    if (category !== undefined) where.push(category);
    const [pageOf, countOf] = category === undefined ? [this.#page, this.#count] : [this.#pageInTerm, this.#countInTerm];
    const posts = pageOf.all(...where, perPage, (page - 1) * perPage);
    const total = countOf.get(...where)?.total ?? 0;
    const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
    const records = posts.length === 0 ? [] : this.#records(posts, embed);
    const headers: [string, string][] = [...LEADING];
    const query = `${category === undefined ? '' : `categories%5B0%5D=${category}&`}${embed ? '_embed=author%2Ccms%3Aterm&' : ''}${perPage === 10 ? '' : `per_page=${perPage}&`}`;
    const at = (n: number) => `<${POSTS_URL}?${query}page=${n}>`;
    if (page > 1) headers.push(['Link', `${at(Math.min(page - 1, Math.max(totalPages, 1)))}; rel="prev"`]);
    if (totalPages > page) headers.push(['Link', `${at(page + 1)}; rel="next"`]);
    // The API root's Link only when the answer has no Link of its own (the original's
    // `header()` replaces it).
    if (headers.length === LEADING.length) headers.push(['Link', ROOT_LINK]);
    headers.push(...STANDARD, ['X-CMS-Total', String(total)], ['X-CMS-TotalPages', String(totalPages)], ['Allow', 'GET'], VARY);
    return tagged({ status: 200, headers, body: JSON.stringify(records) });
  }

  #records(posts: PostRow[], embed: boolean): Record<string, unknown>[] {
    const ids = posts.map((post) => post.id);
    const scope = this.#scope(ids);
    const records = posts.map((post) => this.#record(post, scope, false));
    if (!embed) return records;
    // The joins: every author of the page in one query, every term of the page in one.
    const authorIds = [...new Set(posts.map((post) => post.author))];
    const users = new Map<number, UserRow>();
    for (const user of this.#statement<UserRow>(
      'users',
      (n) => `select * from "users" where "id" in ${placeholders(n)}`,
      authorIds.length,
    ).all(...authorIds)) {
      users.set(user.id, user);
    }
    const termIds = [...new Set(scope.terms.flatMap((byPost) => [...byPost.values()].flat()))];
    const terms = new Map<number, TermRow>();
    if (termIds.length > 0) {
      for (const term of this.#statement<TermRow>(
        'terms-by-id',
        (n) => `select * from "terms" where "id" in ${placeholders(n)}`,
        termIds.length,
      ).all(...termIds)) {
        terms.set(term.id, term);
      }
    }
    for (const [i, record] of records.entries()) {
      const post = posts[i] as PostRow;
      const user = users.get(post.author);
      record._embedded = {
        author: user === undefined ? [] : [embeddedUser(user)],
        'cms:term': TAXONOMIES.map((_, t) =>
          (scope.terms[t]?.get(post.id) ?? [])
            .map((id) => terms.get(id))
            .filter((term): term is TermRow => term !== undefined)
            .sort(byName)
            .map(embeddedTerm),
        ),
      };
    }
    return records;
  }

  /** `GET /cms/v2/posts/:id` for an anonymous caller. */
  item(id: number): Answer {
    const post = Number.isInteger(id) && id > 0 ? this.#post.get(id) : undefined;
    if (post === undefined || post.type !== 'post' || post.status !== 'publish' || post.password !== '') {
      return {
        status: 404,
        headers: [...LEADING, ['Link', ROOT_LINK], ...STANDARD, ['Allow', 'GET'], VARY],
        body: error('rest_post_invalid_id', 'Invalid post ID.', 404),
      };
    }
    const record = this.#record(post, this.#scope([post.id]), false);
    return tagged({
      status: 200,
      headers: [
        ...LEADING,
        ['Link', `<${String(record.link)}>; rel="alternate"; type=text/html`],
        ...STANDARD,
        ['Allow', 'GET'],
        VARY,
      ],
      body: JSON.stringify(record),
    });
  }

  /** The administrator an `Authorization: Basic` with an application password names, or why not. */
  #authenticate(authorization: string | undefined): UserRow | Answer {
    const failed = (code: string, message: string) => ({
      status: 401,
      headers: [...LEADING, ['Link', ROOT_LINK], ...STANDARD, VARY] as [string, string][],
      body: error(code, message, 401),
    });
    if (authorization === undefined || !authorization.startsWith('Basic ')) {
      return failed('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
    }
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon === -1 ? undefined : this.#userByLogin.get(decoded.slice(0, colon).trim().toLowerCase());
    if (user === undefined) return failed('invalid_username', 'Unknown username.');
    const given = createHash('sha256')
      .update(decoded.slice(colon + 1).replace(/[^A-Za-z0-9]/g, ''))
      .digest();
    const row = this.#passwords.all(user.id).find((candidate) => {
      const stored = Buffer.from(candidate.hash, 'hex');
      return stored.length === given.length && timingSafeEqual(stored, given);
    });
    if (row === undefined) return failed('incorrect_password', 'The provided password is an invalid application password.');
    const time = Date.now();
    if (row.last_used === null || Date.parse(row.last_used) + USAGE_INTERVAL_MS <= time) {
      this.#stampPassword.run(new Date(time).toISOString(), row.uuid);
    }
    if (!user.roles.includes('administrator'))
      return failed('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.');
    return user;
  }

  /** `POST /cms/v2/posts` with a JSON body `{title, content}`: a draft, in the default category. */
  create(authorization: string | undefined, input: unknown): Answer {
    const user = this.#authenticate(authorization);
    if ('status' in user) return user;
    const fields = (typeof input === 'object' && input !== null ? input : {}) as { title?: unknown; content?: unknown };
    if (typeof fields.title !== 'string' || typeof fields.content !== 'string') {
      return {
        status: 400,
        headers: [...LEADING, ['Link', ROOT_LINK], ...STANDARD, ['Allow', 'GET, POST'], VARY],
        body: error('rest_invalid_param', 'Invalid parameter(s): title, content', 400),
      };
    }
    this.#options('timezone');
    const now = nowGmt(Date.now());
    const inserted = this.#insert.get('post', 'draft', user.id, now, now, now, now, 'open', 'open', fields.title, fields.content);
    if (inserted === undefined) throw new Error('insert returned nothing');
    const structure = this.#options('permalink_structure');
    this.#options('sticky_posts');
    const guid = structure === '' || inserted.slug === '' ? `${SITE_URL}/?p=${inserted.id}` : `${SITE_URL}/${inserted.slug}/`;
    const post = this.#setGuid.get(guid, inserted.id) ?? inserted;
    // The default category, then the term counts, as the content package writes them.
    const category = this.#termBySlug.get('category', 'uncategorized');
    if (category !== undefined) {
      this.#begin.run();
      this.#termsOfObject.all(post.id, 'category');
      this.#relate.run(post.id, category.id, 0, 0);
      this.#recount.run(1, category.id);
      this.#commit.run();
    }
    for (let i = 0; i < 2; i++) {
      this.#begin.run();
      const related = this.#allTermsOf.all(post.id);
      this.#setCounted.run(0, post.id);
      for (const { term_id } of related) this.#recount.run(1, term_id);
      this.#commit.run();
    }
    const record = this.#record(post, this.#scope([post.id]), true);
    return {
      status: 201,
      headers: [
        ...LEADING,
        ['Link', ROOT_LINK],
        ...STANDARD,
        ['Location', `${POSTS_URL}/${post.id}`],
        ['Allow', 'GET, POST'],
        ...NO_CACHE,
        VARY,
      ],
      body: JSON.stringify(record),
    };
  }

  /** Anything else under the REST root. */
  noRoute(): Answer {
    return {
      status: 404,
      headers: [...LEADING, ['Link', ROOT_LINK], ...STANDARD, VARY],
      body: error('rest_no_route', 'No route was found matching the URL and request method.', 404),
    };
  }

  close(): void {
    this.#db.close();
  }
}

/** Terms as the terms route orders them: by lower-cased name, then id. */
function byName(a: TermRow, b: TermRow): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}

/** A user in the embed context. */
function embeddedUser(user: UserRow) {
  return {
    id: user.id,
    name: user.display_name,
    url: user.url,
    description: user.description,
    link: `${SITE_URL}/author/${encodeURIComponent(user.slug)}/`,
    slug: user.slug,
    avatar_urls: avatarUrls(user.email, { secure: false }),
    _links: { self: [{ href: `${NS}/users/${user.id}` }], collection: [{ href: `${NS}/users` }] },
  };
}

/** A term in the embed context. */
function embeddedTerm(term: TermRow) {
  const taxonomy = TAXONOMIES.find((t) => t.taxonomy === term.taxonomy) ?? TAXONOMIES[0];
  return {
    id: term.id,
    link: `${SITE_URL}/${taxonomy.linkBase}/${term.slug}/`,
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    _links: {
      self: [{ href: `${NS}/${taxonomy.base}/${term.id}` }],
      collection: [{ href: `${NS}/${taxonomy.base}` }],
      about: [{ href: `${NS}/taxonomies/${term.taxonomy}` }],
      'cms:post_type': [{ href: `${NS}/posts?${taxonomy.field}=${term.id}` }],
      curies: CURIES,
    },
  };
}

/** The slug a plain title gives (enough for the bench's own titles: letters, digits and spaces). */
function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * `page`, `per_page`, whether `_embed` is asked for and the one category of `categories`, from
 * a query string, with cms-json's defaults.
 */
export function postsQuery(search: string): { page: number; perPage: number; embed: boolean; category: number | undefined } {
  if (search === '') return { page: 1, perPage: 10, embed: false, category: undefined };
  const params = new URLSearchParams(search);
  const page = Number(params.get('page') ?? 1);
  const perPage = Number(params.get('per_page') ?? 10);
  const category = params.has('categories') ? Number(params.get('categories')) : undefined;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: Number.isInteger(perPage) && perPage >= 1 && perPage <= 100 ? perPage : 10,
    embed: params.has('_embed'),
    category: category !== undefined && Number.isSafeInteger(category) && category > 0 ? category : undefined,
  };
}
