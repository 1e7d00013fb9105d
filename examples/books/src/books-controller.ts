/**
 * `BooksController`: the handler of the `book` type, derived from the default posts
 * controller as spec §4.4 asks. A book's `author` is not a user but a `book-author` record,
 * held in the `book_author` post meta (spec §2.1):
 *
 * - the record's `author` is that id as a string, as the specification's sample delivers it
 *   (`get_post_meta( $id, 'book_author', true )`): `""` when the book has none;
 * - the `author` link points to `/<namespace>/book-authors/<id>` and stays embeddable; a book
 *   without a book author still has it, to `/<namespace>/book-authors/` (the original's link
 *   of an empty meta value, whose embed is a `rest_no_route` error);
 * - writing `author` sets `book_author`: the id must be a `book-author` record (0 clears
 *   it), else 400 `rest_invalid_param` with `params.author`, before anything is stored.
 *
 * The user who wrote the record is kept as every record's author is (`posts.author`): the
 * permission checks of editing, publishing and deleting use it, and `?author=` filters by it.
 *
 * @module
 */
import { type Post, PostsController, type PostTypeArgs, type RecordScope } from '@cms-json/content';
import {
  type LinkTemplate,
  type RestError,
  type RestRequest,
  type RestResponse,
  type Route,
  requestLocal,
  withRequestCheck,
} from '@cms-json/core';
import { z } from 'zod';
import { readBookAuthors, writeBookAuthor } from './book-author-meta.js';
import { BOOK_AUTHOR_TYPE, BOOK_AUTHORS_BASE } from './names.js';

type WriteArgs = Parameters<PostsController['create']>[0];
type UpdateArgs = Parameters<PostsController['update']>[0];

/** What the records of one response share, with the book author of each book. */
export interface BookScope extends RecordScope {
  /** The `book_author` of a book, 0 when none. */
  readonly bookAuthor: (post: Post) => number;
}

/** The book author a create or an update is to set, between the check and the write. */
const pendingBookAuthor = requestLocal<number>('books.bookAuthor');

/** A write's arguments without `author`: the default controller must not read it as a user. */
function withoutAuthor<T extends WriteArgs>(args: T): T {
  return { ...args, author: undefined };
}

/**
 * The controller of `book`.
 *
 * @example
 * postTypes(server).register('book', { showInRest: true, restBase: 'books', controller: BooksController });
 */
export class BooksController extends PostsController {
  #schema: z.ZodObject | undefined;

  /** The collection path of the book authors (`/cms/v2/book-authors`), from that type's filtered arguments. */
  bookAuthorsPath(): string {
    const args = this.context.objectTypes.argsOf<PostTypeArgs>('post_type', BOOK_AUTHOR_TYPE);
    return `/${args?.restNamespace ?? this.context.namespace}/${args?.restBase ?? BOOK_AUTHORS_BASE}`;
  }

  /** Whether an id names a `book-author` record that is not in the trash. */
  async isBookAuthor(id: number): Promise<boolean> {
    const post = await this.context.store.find(id);
    return post?.type === BOOK_AUTHOR_TYPE && post.status !== 'trash';
  }

  /** The record schema, with `author` the book author's id as a string. */
  override schema(): z.ZodObject {
    this.#schema ??= super
      .schema()
      .extend({
        // Shown as the original's sample plugin describes it (an integer), though sent as a string.
        author: z.string().meta({
          description: 'The ID of the book author (a book-author record), as a string; "" when none.',
          context: ['view', 'edit', 'embed'],
          published: { description: 'The ID of the author of the book.', type: 'integer', context: ['view', 'edit', 'embed'] },
        }),
      })
      .meta({ title: this.context.name });
    return this.#schema;
  }

  /** The default routes, whose create and update take `author` as a book author's id. */
  override routes(): Route[] {
    const author = withRequestCheck(
      z
        .number()
        .int()
        .min(0)
        .optional()
        .meta({
          description: 'The ID of the book author (a book-author record); 0 for none.',
          published: { description: 'The ID of the author of the book.', type: 'integer' },
        }),
      async (id) => id === undefined || id === 0 || (await this.isBookAuthor(id)) || 'Invalid book author ID.',
    );
    const writes = (methods: readonly string[] | string) =>
      (typeof methods === 'string' ? methods.toUpperCase() : methods.join(',')).includes('POST');
    return super.routes().map((route) => ({
      ...route,
      endpoints: route.endpoints.map((endpoint) =>
        writes(endpoint.methods) && endpoint.args?.author !== undefined
          ? { ...endpoint, args: { ...endpoint.args, author } }
          : endpoint,
      ),
    }));
  }

  /** The default links, with `author` pointing to the book author (embeddable), there for a book without one too. */
  override links(): LinkTemplate[] {
    const path = this.bookAuthorsPath();
    const author: LinkTemplate = {
      rel: 'author',
      // A path placeholder cannot be empty: the id (or nothing) is appended as it is, a numeric string or ''.
      href: (record, { url }) => url(`${path}/${typeof record.author === 'string' ? record.author : ''}`),
      embeddable: true,
    };
    return super.links().map((link) => (link.rel === 'author' ? author : link));
  }

  /** A create's check, without reading `author` as a user. */
  override canCreate(request: RestRequest, args: WriteArgs): true | RestError {
    return super.canCreate(request, withoutAuthor(args));
  }

  /** An update's check, without reading `author` as a user. */
  override canUpdate(request: RestRequest, args: UpdateArgs): Promise<true | RestError> {
    return super.canUpdate(request, withoutAuthor(args));
  }

  /** `POST /books`: the book, then its `book_author` when `author` was sent. */
  override create(args: WriteArgs, request: RestRequest): Promise<RestResponse> {
    if (args.author !== undefined) pendingBookAuthor.set(request, args.author);
    return super.create(withoutAuthor(args), request);
  }

  /** `POST|PUT|PATCH /books/<id>`: the changes, then its `book_author` when `author` was sent. */
  override update(args: UpdateArgs, request: RestRequest): Promise<RestResponse> {
    if (args.author !== undefined) pendingBookAuthor.set(request, args.author);
    return super.update(withoutAuthor(args), request);
  }

  /** Writes `book_author` once the record is stored, before the hooks and the response. */
  override async afterWrite(post: Post, args: WriteArgs, event: { request: RestRequest; creating: boolean }): Promise<void> {
    const bookAuthor = pendingBookAuthor.get(event.request);
    if (bookAuthor !== undefined) await writeBookAuthor(this.context.postMeta, post.id, bookAuthor);
    await super.afterWrite(post, args, event);
  }

  /** The default scope, with the book author of every book of the response (one query). */
  override async scope(
    request: RestRequest,
    posts: readonly Post[],
    access: { password?: string; edit?: boolean } = {},
  ): Promise<BookScope> {
    const [scope, authors] = await Promise.all([
      super.scope(request, posts, access),
      readBookAuthors(
        this.context.postMeta,
        posts.map((post) => post.id),
      ),
    ]);
    return { ...scope, bookAuthor: (post) => authors.get(post.id) ?? 0 };
  }

  /** The default record, with `author` the book author's id as a string, `""` when it has none. */
  override prepare(post: Post, scope: RecordScope): Record<string, unknown> {
    const record = super.prepare(post, scope);
    const bookAuthor = (scope as Partial<BookScope>).bookAuthor?.(post) ?? 0;
    record.author = bookAuthor > 0 ? String(bookAuthor) : '';
    return record;
  }
}
