/**
 * The hand-written reproduction of the content package's comments list as a post's
 * `replies` link asks for it (`GET /cms/v2/comments?post=<id>`, anonymous): the SQL the
 * comments route runs for it on better-sqlite3 (prepared once) — the post, the page and its
 * count, each author's email for the avatar, the post's permalink options and featured
 * media, which comments have replies, and the options the `Allow` header's create check
 * reads — and headers and body written to be byte-identical to what cms-json sends.
 *
 * Text is rendered with the content package's own `renderComment` (WordPress's
 * `make_clickable`, `wptexturize` and `wpautop`) and avatars with its `avatarUrls`, as the
 * posts baseline does.
 *
 * @module
 */
import { avatarUrls, renderComment } from '@cms-json/content';
import type Database from 'better-sqlite3';
import { REST_ROOT, SITE_URL } from './constants.js';
import { type Answer, tagged } from './hand-written.js';

/** A row of `comments` (`select *`). */
interface CommentRow {
  id: number;
  post_id: number;
  author_name: string;
  author_email: string;
  author_url: string;
  date: string;
  date_gmt: string;
  content: string;
  approved: string;
  type: string;
  parent: number;
  user_id: number;
}

/** What a comment's record needs of its post. */
interface PostRow {
  id: number;
  type: string;
  status: string;
  slug: string;
  password: string;
}

const NS = `${SITE_URL}${REST_ROOT}/cms/v2`;
const COMMENTS_URL = `${NS}/comments`;
const ROOT_LINK = `<${SITE_URL}${REST_ROOT}/>; rel="https://api.cms-json.org/"`;
const LEADING: readonly [string, string][] = [
  ['Content-Type', 'application/json; charset=UTF-8'],
  ['X-Robots-Tag', 'noindex'],
];
const STANDARD: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Access-Control-Expose-Headers', 'X-CMS-Total, X-CMS-TotalPages, Link'],
  ['Access-Control-Allow-Headers', 'Authorization, X-CMS-Nonce, Content-Disposition, Content-MD5, Content-Type'],
];
const VARY: [string, string] = ['Vary', 'Origin'];
/** The list's filter as the comments store writes it for approved comments of one post. */
const WHERE_OF_POST = '("comments"."approved" in (?) and "comments"."type" = ? and "comments"."post_id" in (?))';

const placeholders = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;

/** The comments list of the benchmark, hand-written over the posts server's SQLite connection. */
export class HandWrittenComments {
  readonly #db: Database.Database;
  readonly #byCount = new Map<number, Database.Statement<unknown[], { parent: number }>>();
  readonly #post: Database.Statement<[number], PostRow>;
  readonly #option: Database.Statement<[string], { value: string }>;
  readonly #page: Database.Statement<unknown[], CommentRow>;
  readonly #count: Database.Statement<unknown[], { total: number }>;
  readonly #user: Database.Statement<[number], { id: number; email: string }>;
  readonly #thumbnail: Database.Statement<[number, string], { post_id: number; meta_value: string }>;

  /** @param db The posts server's connection (the comments live in the same file). */
  constructor(db: Database.Database) {
    this.#db = db;
    this.#post = db.prepare('select * from "posts" where "id" in (?)');
    this.#option = db.prepare('select "value" from "options" where "name" = ?');
    this.#page = db.prepare(
      `select * from "comments" where ${WHERE_OF_POST} order by "comments"."date_gmt" desc, "comments"."id" desc limit ? offset ?`,
    );
    this.#count = db.prepare(`select count(*) as "total" from "comments" where ${WHERE_OF_POST}`);
    this.#user = db.prepare('select * from "users" where "id" = ?');
    this.#thumbnail = db.prepare(
      'select "post_id", "meta_key", "meta_value" from "post_meta" where "post_id" in (?) and "meta_key" in (?) order by "id"',
    );
  }

  #options(name: string, fallback: unknown): unknown {
    const row = this.#option.get(name);
    return row === undefined ? fallback : (JSON.parse(row.value) as unknown);
  }

  /** The ids among these comments that have replies. */
  #withChildren(ids: readonly number[]): Set<number> {
    let statement = this.#byCount.get(ids.length);
    if (statement === undefined) {
      statement = this.#db.prepare(`select distinct "parent" from "comments" where "parent" in ${placeholders(ids.length)}`);
      this.#byCount.set(ids.length, statement);
    }
    return new Set(statement.all(...ids).map((row) => row.parent));
  }

  /** The permalink of a published post (the seeded site's `/%postname%/` structure, else `?p=`). */
  #permalink(post: PostRow): string {
    this.#options('sticky_posts', []);
    const structure = this.#options('permalink_structure', '/%postname%/') as string;
    this.#thumbnail.all(post.id, '_thumbnail_id');
    return structure !== '' && post.slug !== ''
      ? `${SITE_URL}${structure.replace('%postname%', post.slug).replace('%post_id%', String(post.id))}`
      : `${SITE_URL}/?p=${post.id}`;
  }

  /**
   * `GET /cms/v2/comments?post=<id>` (`?page=`, `?per_page=`) for an anonymous caller: the
   * approved comments of a published post without a password, newest first.
   */
  list(postId: number, page: number, perPage: number): Answer {
    const post = this.#post.get(postId);
    this.#options('timezone', 'UTC');
    const where = ['1', 'comment', postId];
    const rows = this.#page.all(...where, perPage, (page - 1) * perPage);
    const total = this.#count.get(...where)?.total ?? 0;
    const readable = post !== undefined && post.type === 'post' && post.status === 'publish' && post.password === '';
    const comments = readable ? rows : [];
    const emails = new Map<number, string>();
    for (const comment of comments) {
      if (comment.user_id > 0 && !emails.has(comment.user_id)) {
        emails.set(comment.user_id, this.#user.get(comment.user_id)?.email ?? comment.author_email);
      }
    }
    const link = post !== undefined && comments.length > 0 ? this.#permalink(post) : '';
    const children = comments.length === 0 ? new Set<number>() : this.#withChildren(comments.map((comment) => comment.id));
    const records = comments.map((comment) => {
      const links: Record<string, unknown> = {
        self: [{ href: `${COMMENTS_URL}/${comment.id}` }],
        collection: [{ href: COMMENTS_URL }],
      };
      if (comment.user_id > 0) links.author = [{ embeddable: true, href: `${NS}/users/${comment.user_id}` }];
      links.up = [{ embeddable: true, post_type: 'post', href: `${NS}/posts/${comment.post_id}` }];
      if (comment.parent > 0) links['in-reply-to'] = [{ embeddable: true, href: `${COMMENTS_URL}/${comment.parent}` }];
      if (children.has(comment.id)) links.children = [{ embeddable: true, href: `${COMMENTS_URL}?parent=${comment.id}` }];
      return {
        id: comment.id,
        post: comment.post_id,
        parent: comment.parent,
        author: comment.user_id,
        author_name: comment.author_name,
        author_url: comment.author_url,
        date: comment.date,
        date_gmt: comment.date_gmt,
        content: { rendered: renderComment(comment.content) },
        link: `${link}#comment-${comment.id}`,
        status: comment.approved === '1' ? 'approved' : 'hold',
        type: comment.type,
        author_avatar_urls: avatarUrls(emails.get(comment.user_id) ?? comment.author_email, { secure: false }),
        meta: [],
        _links: links,
      };
    });
    // The `Allow` header's check of a create: anonymous comments are off unless the site allows them.
    this.#options('comment_registration', false);
    this.#options('allow_anonymous_comments', false);
    const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
    const headers: [string, string][] = [...LEADING];
    const query = `post%5B0%5D=${postId}&${perPage === 10 ? '' : `per_page=${perPage}&`}`;
    const at = (n: number) => `<${COMMENTS_URL}?${query}page=${n}>`;
    if (page > 1) headers.push(['Link', `${at(Math.min(page - 1, Math.max(totalPages, 1)))}; rel="prev"`]);
    if (totalPages > page) headers.push(['Link', `${at(page + 1)}; rel="next"`]);
    if (headers.length === LEADING.length) headers.push(['Link', ROOT_LINK]);
    headers.push(...STANDARD, ['X-CMS-Total', String(total)], ['X-CMS-TotalPages', String(totalPages)], ['Allow', 'GET'], VARY);
    return tagged({ status: 200, headers, body: JSON.stringify(records) });
  }
}

/**
 * The one `post`, `page` and `per_page` of a comments list query string, with cms-json's
 * defaults; `post` is 0 when there is none.
 */
export function commentsQuery(search: string): { post: number; page: number; perPage: number } {
  const params = new URLSearchParams(search);
  const post = Number(params.get('post') ?? 0);
  const page = Number(params.get('page') ?? 1);
  const perPage = Number(params.get('per_page') ?? 10);
  return {
    post: Number.isSafeInteger(post) && post > 0 ? post : 0,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: Number.isInteger(perPage) && perPage >= 1 && perPage <= 100 ? perPage : 10,
  };
}
