/**
 * Revisions, as WordPress 6.1 keeps them: an update that changes a record's title, content or
 * excerpt stores a copy of the new state as a record of type `revision` (status `inherit`,
 * `parent` the record, slug `<id>-revision-v1`), and `/<rest_base>/<id>/revisions` serves
 * them to those who may edit the record.
 *
 * @module
 */
import {
  collectionArgs,
  collectionResponse,
  contextArg,
  DELETABLE,
  defineRoute,
  denied,
  pageWindow,
  READABLE,
  type RestRequest,
  type Route,
  response,
} from '@cms-json/core';
import { z } from 'zod';
import { contentError } from '../errors.js';
import { canEditPost } from './permissions.js';
import type { Renderer } from './render.js';
import type { Post, PostStore } from './store.js';
import type { PostsControllerContext } from './types.js';

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];

/** The fields a revision takes from its record's schema, where the record's type has them. */
const FROM_PARENT = ['guid', 'title', 'content', 'excerpt'] as const;

/**
 * The schema of a type's revisions, as WordPress's revisions controller makes it
 * (`<type>-revision`): its own fields, with `guid`, `title`, `content` and `excerpt` as the
 * type's record schema describes them (those the type lacks are left out).
 *
 * @example
 * const schema = revisionSchema('post', controller.schema());
 */
export function revisionSchema(name: string, parent: z.ZodObject): z.ZodObject {
  const parentShape = parent.shape as Record<string, z.ZodType>;
  const shape: Record<string, z.ZodType> = {
    author: z.number().int().meta({ description: 'The ID for the author of the revision.', context: ALL }),
    date: z
      .string()
      .meta({ description: "The date the revision was published, in the site's timezone.", format: 'date-time', context: ALL }),
    date_gmt: z
      .string()
      .meta({ description: 'The date the revision was published, as GMT.', format: 'date-time', context: VIEW_EDIT }),
    guid: z.string().meta({ description: 'GUID for the revision, as it exists in the database.', context: VIEW_EDIT }),
    id: z.number().int().meta({ description: 'Unique identifier for the revision.', context: ALL }),
    modified: z.string().meta({
      description: "The date the revision was last modified, in the site's timezone.",
      format: 'date-time',
      context: VIEW_EDIT,
    }),
    modified_gmt: z
      .string()
      .meta({ description: 'The date the revision was last modified, as GMT.', format: 'date-time', context: VIEW_EDIT }),
    parent: z.number().int().meta({ description: 'The ID for the parent of the revision.', context: ALL }),
    slug: z.string().meta({ description: 'An alphanumeric identifier for the revision unique to its type.', context: ALL }),
  };
  for (const field of FROM_PARENT) {
    const described = parentShape[field];
    if (described !== undefined) shape[field] = described;
  }
  return z.object(shape).meta({ title: `${name}-revision` });
}

/** WordPress's `normalize_whitespace`: line ends as `\n`, runs of blank lines and of spaces as one, trimmed. */
export function normalizeWhitespace(text: string): string {
  return text
    .replace(/\r/g, '\n')
    .replace(/\n+/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/**
 * Whether a revision is an autosave (`<parent>-autosave-v1`), as WordPress's `wp_is_post_autosave`.
 *
 * @example
 * isAutosave(revision); // true for `12-autosave-v1`
 */
export function isAutosave(revision: Pick<Post, 'slug' | 'parent'>): boolean {
  return revision.slug.includes(`${revision.parent}-autosave`);
}

/** The newest revision of a record that is not an autosave (named `slug`). */
async function newestRevision(store: PostStore, post: Post, slug: string): Promise<Post | undefined> {
  const { posts } = await store.list({
    types: ['revision'],
    statuses: [],
    nowGmt: post.modified_gmt,
    parents: [post.id],
    slugs: [slug],
    orderBy: 'id',
    order: 'desc',
    perPage: 1,
    offset: 0,
  });
  return posts[0];
}

/**
 * Stores a revision of a record after an update, as WordPress's `wp_save_post_revision`:
 * always when it has none yet (autosaves aside), else when its title, content or excerpt
 * differ from the newest revision's that is not an autosave (whitespace normalised). Not for
 * auto-drafts. Every revision is named `<id>-revision-v1` ("v1" is the version of the
 * revision system, not a count), as the original names them.
 *
 * @example
 * await saveRevision(store, updated);
 */
export async function saveRevision(store: PostStore, after: Post): Promise<Post | undefined> {
  if (after.status === 'auto-draft') return undefined;
  const slug = `${after.id}-revision-v1`;
  const latestId = (await store.revisionCounts([after.id])).get(after.id)?.latest;
  const newest = latestId === undefined ? undefined : await store.find(latestId);
  // The newest is an autosave: the newest of the others is compared (one more query, only then).
  const latest = newest !== undefined && isAutosave(newest) ? await newestRevision(store, after, slug) : newest;
  if (
    latest !== undefined &&
    (['title', 'content', 'excerpt'] as const).every(
      (field) => normalizeWhitespace(latest[field]) === normalizeWhitespace(after[field]),
    )
  ) {
    return undefined;
  }
  return store.create({
    type: 'revision',
    status: 'inherit',
    author: after.author,
    parent: after.id,
    slug,
    title: after.title,
    content: after.content,
    excerpt: after.excerpt,
    date: after.modified,
    date_gmt: after.modified_gmt,
    modified: after.modified,
    modified_gmt: after.modified_gmt,
    comment_status: 'closed',
    ping_status: 'closed',
  });
}

/**
 * A revision (or any record shown as one: an autosave that updated its draft) as the
 * original's revisions controller answers it: the fields of the type's revision `schema`
 * ({@link revisionSchema}), with its `parent` link when it has a parent. `base` is the
 * parent type's collection path (`/cms/v2/posts`).
 *
 * @example
 * return response(revisionRecord(revision, request, { render, base: controller.base }));
 */
export function revisionRecord(
  revision: Post,
  request: RestRequest,
  parts: { readonly render: Renderer; readonly base: string; readonly schema: z.ZodObject },
): Record<string, unknown> {
  const { render } = parts;
  const all: Record<string, unknown> = {
    author: revision.author,
    date: revision.date,
    date_gmt: revision.date_gmt,
    id: revision.id,
    modified: revision.modified,
    modified_gmt: revision.modified_gmt,
    parent: revision.parent,
    slug: revision.slug,
    guid: { rendered: revision.guid, raw: revision.guid },
    title: { raw: revision.title, rendered: render.title(revision.title) },
    content: { raw: revision.content, rendered: render.content(revision.content) },
    excerpt: {
      raw: revision.excerpt,
      rendered: revision.excerpt === '' ? '' : render.excerpt(revision.excerpt, revision.content),
    },
  };
  // The fields of the schema only (a type without a title has revisions without one).
  const record = Object.fromEntries(Object.entries(all).filter(([name]) => name in parts.schema.shape));
  if (revision.parent > 0) {
    record._links = { parent: [{ href: request.scope.restUrl(`${parts.base}/${revision.parent}`) }] };
  }
  return record;
}

/** What the revision routes ask of their type's controller (a `PostsController` gives it). */
export interface RevisionParent {
  readonly context: PostsControllerContext;
  /** The collection's path under the REST root: `/cms/v2/posts`. */
  readonly base: string;
  /** The record schema of the type (its revisions take some of its fields' descriptions). */
  schema(): z.ZodObject;
  /** The record of this type with this id, if any. */
  find(request: RestRequest, id: number): Promise<Post | undefined>;
  /** The current GMT time, `YYYY-MM-DDTHH:MM:SS`. */
  nowGmt(): string;
}

/**
 * The revision routes of a type that supports revisions.
 *
 * @example
 * server.register('cms/v2', ...revisionRoutes(controller));
 */
export function revisionRoutes(controller: RevisionParent): Route[] {
  const { store } = controller.context;
  const base = `/${controller.context.args.restBase}/:parent/revisions`;
  const parentOf = async (request: RestRequest, id: number): Promise<Post> => {
    const parent = await controller.find(request, id);
    if (parent === undefined) throw contentError('rest_post_invalid_parent');
    return parent;
  };
  const mayRead = async (request: RestRequest, id: number) => {
    const parent = await parentOf(request, id);
    return canEditPost(request, controller.context.args, parent) ? true : denied(request, contentError('rest_cannot_read'));
  };
  const revisionOf = async (parent: number, id: number): Promise<Post> => {
    const revision = await store.find(id);
    if (revision === undefined || revision.type !== 'revision') throw contentError('rest_post_invalid_id.revision');
    if (revision.parent !== parent) {
      throw contentError('rest_revision_parent_id_mismatch');
    }
    return revision;
  };
  const itemSchema = revisionSchema(controller.context.name, controller.schema());
  const record = (revision: Post, request: RestRequest) =>
    revisionRecord(revision, request, { render: controller.context.render, base: controller.base, schema: itemSchema });
  const parentArg = { parent: z.number().int().meta({ description: 'The ID for the parent of the revision.' }) };

  const list = defineRoute({
    path: base,
    schema: itemSchema,
    args: parentArg,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: {
          ...collectionArgs({
            schema: itemSchema,
            orderby: ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'],
          }),
          // Without `per_page`, every revision (the original's `posts_per_page` -1).
          per_page: z
            .number()
            .int()
            .min(1)
            .max(100)
            .optional()
            .meta({ description: 'Maximum number of items to be returned in result set.' }),
          exclude: z.array(z.number().int()).default([]).meta({ description: 'Ensure result set excludes specific IDs.' }),
          include: z.array(z.number().int()).default([]).meta({ description: 'Limit result set to specific IDs.' }),
        },
        permission: (request, args) => mayRead(request, args.parent),
        handler: async (args, request) => {
          const perPage = args.per_page;
          const { limit, offset } =
            perPage === undefined ? { limit: undefined, offset: args.offset ?? 0 } : pageWindow({ ...args, per_page: perPage });
          const { posts, total } = await store.list({
            types: ['revision'],
            statuses: [],
            nowGmt: controller.nowGmt(),
            parents: [args.parent],
            search: args.search,
            include: args.include,
            exclude: args.exclude,
            orderBy: args.orderby === 'relevance' ? 'date' : args.orderby,
            order: args.order,
            perPage: limit,
            offset,
          });
          const page = limit === undefined ? 1 : Math.floor(offset / limit) + 1;
          if (limit !== undefined && total > 0 && page > Math.ceil(total / limit)) {
            throw contentError('rest_revision_invalid_page_number');
          }
          return collectionResponse(
            request,
            posts.map((revision) => record(revision, request)),
            { total, page, perPage: limit ?? Math.max(total, 1) },
          );
        },
      }),
    ],
  });

  const item = defineRoute({
    path: `${base}/:id`,
    schema: itemSchema,
    args: { ...parentArg, id: z.number().int().meta({ description: 'Unique identifier for the revision.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(itemSchema) },
        permission: (request, args) => mayRead(request, args.parent),
        handler: async (args, request) => response(record(await revisionOf(args.parent, args.id), request)),
      }),
      endpoint({
        methods: DELETABLE,
        args: {
          force: z.boolean().default(false).meta({ description: 'Required to be true, as revisions do not support trashing.' }),
        },
        permission: async (request, args) => {
          const parent = await parentOf(request, args.parent);
          return canEditPost(request, controller.context.args, parent)
            ? true
            : denied(request, contentError('rest_cannot_delete.not_allowed_revision'));
        },
        handler: async (args, request) => {
          const revision = await revisionOf(args.parent, args.id);
          if (!args.force) {
            throw contentError('rest_trash_not_supported.revision');
          }
          const previous = record(revision, request);
          await store.delete(revision.id);
          return response({ deleted: true, previous }, { raw: true });
        },
      }),
    ],
  });

  return [list, item];
}
