/**
 * The `tel/v1` routes: `/outgoing-links` (list, create) and `/outgoing-links/:id` (read,
 * update, delete). Reads are public; writes need the `edit_posts` capability.
 *
 * @module
 */
import {
  CREATABLE,
  collectionArgs,
  collectionResponse,
  contextArg,
  createArgs,
  DELETABLE,
  defineRoute,
  EDITABLE,
  type LinkTemplate,
  pageWindow,
  READABLE,
  RestError,
  type Route,
  requestLocal,
  requireCapability,
  response,
  updateArgs,
  withRequestCheck,
} from '@cms-json/core';
import { isDatabaseUnavailable } from '@cms-json/database';
import { z } from 'zod';
import { LINKS_KEY, linkKey, type PurgeKeys } from './cache-keys.js';
import { databaseErrorText } from './database-error.js';
import { sanitizeLink, sanitizeTitle, slugOf } from './sanitize.js';
import { OutgoingLink, type OutgoingLinkRecord } from './schema.js';
import type { LinkWrite, OutgoingLinksStore } from './store.js';
import { titleArg } from './title-arg.js';

/** The REST base of the routes, under the namespace. */
export const REST_BASE = 'outgoing-links';

/**
 * Runs a query; a database failure becomes the plugin's error, with the database's text
 * (500), except when the database was not reached: then no host, port or user name is told.
 * A query that answers at once is answered at once (its failure thrown at once).
 */
function query<T>(code: string, action: string, run: () => T | Promise<T>): T | Promise<T> {
  const fail = (error: unknown): never => {
    // A database that cannot be reached now is the core's 503, not this route's 500.
    if (isDatabaseUnavailable(error)) throw error;
    const text = databaseErrorText(error);
    throw new RestError(code, `Could not ${action}. Database responded with the following error: ${text}`, {
      status: 500,
      cause: error,
    });
  };
  let value: T | Promise<T>;
  try {
    value = run();
  } catch (error) {
    return fail(error);
  }
  return value instanceof Promise ? value.catch(fail) : value;
}

/** `next` of a value: at once when it is not a promise (a read the database answered at once). */
function then<T, R>(value: T | Promise<T>, next: (settled: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * The table's change version as a validator: at once when the store answers at once, and a
 * failure becomes the plugin's error, as the route's own queries' do.
 */
function versionOf(store: OutgoingLinksStore, code: string, action: string): () => string | Promise<string> {
  return () => query(code, action, () => store.version());
}

/**
 * Builds the record to write: stored values first, then any non-empty title and link (the
 * title arrives sanitized and checked by its argument, `null` when sent as `null`).
 */
function prepareWrite(
  stored: LinkWrite | undefined,
  input: { title?: string | null | undefined; link?: string | undefined },
): LinkWrite {
  const title = sanitizeTitle(input.title || stored?.title || '');
  const link = sanitizeLink(input.link || stored?.link || '');
  if (title === '') throw new RestError('tel/rest/item', 'Please enter a title.', { status: 400 });
  if (link === '') throw new RestError('tel/rest/item', 'Please enter an URL.', { status: 400 });
  return { title, slug: slugOf(title), link };
}

/** The link an id check found, kept on the request for its handler. */
const found = requestLocal<OutgoingLinkRecord>('tel.found-link');

/**
 * The routes of the plugin, over a store. Reads declare their surrogate keys (`link-<id>`,
 * `links`); writes hand the keys they changed to `purge`, when the site has a shared cache.
 */
export function outgoingLinksRoutes(store: OutgoingLinksStore, options: { purge?: PurgeKeys | undefined } = {}): Route[] {
  const purge = options.purge ?? (async () => {});
  const links: LinkTemplate[] = [
    { rel: 'self', href: `/tel/v1/${REST_BASE}/:id` },
    { rel: 'collection', href: `/tel/v1/${REST_BASE}` },
  ];
  // An unknown id fails argument validation, before the permission check: 400 rest_invalid_param.
  // The link found is kept on the request, so reading it is one query, not two.
  const existingId = withRequestCheck(
    z.number().int().min(1).meta({ description: 'Unique identifier for the object.' }),
    // No async function: a read the database answers at once is checked at once.
    (id, request) =>
      then(
        query('tel/rest/item', 'fetch the link', () => store.get(id)),
        (link) => {
          // Plain false, as the original's validate_callback: "Invalid parameter." and details [].
          if (link === undefined) return false;
          found.set(request, link);
          return true;
        },
      ),
  );
  const linkArg = OutgoingLink.shape.link;

  const collection = defineRoute({
    path: `/${REST_BASE}`,
    schema: OutgoingLink,
    links,
    // Creates may be sent several at a time through `POST /batch/v1` (docs/batch.md).
    allowBatch: { v1: true },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: collectionArgs({ schema: OutgoingLink, orderby: ['id', 'title', 'count'] }),
        permission: 'public',
        // The answer depends on the table alone (and the URL): a revalidation reads its change version.
        validator: versionOf(store, 'tel/rest/get_items', 'fetch any links'),
        handler: async (args, request) => {
          const { limit, offset } = pageWindow(args);
          const { items, total } = await query('tel/rest/get_items', 'fetch any links', () =>
            store.list({ limit, offset, order: args.order, orderby: args.orderby, search: args.search }),
          );
          if (request.cacheKeys.collecting) request.cacheKeys.add(...items.map((link) => linkKey(link.id)), LINKS_KEY);
          return collectionResponse(request, items, { total, page: args.page, perPage: args.per_page });
        },
      }),
      endpoint({
        methods: CREATABLE,
        args: { ...createArgs(OutgoingLink), title: titleArg({ required: true }), link: linkArg },
        permission: requireCapability('edit_posts'),
        handler: async (args, request) => {
          if (request.hasParam('id'))
            throw new RestError('tel/rest/insert', 'Please do not set the ID parameter.', { status: 400 });
          const write = prepareWrite(undefined, args);
          const created = await query('tel/rest/insert', 'insert link', () => store.insert(write));
          await purge([linkKey(created.id), LINKS_KEY]);
          const location = request.scope.restUrl(`/tel/v1/${REST_BASE}/${created.id}`);
          return response(created, { status: 201, headers: { Location: location } });
        },
      }),
    ],
  });

  const item = defineRoute({
    path: `/${REST_BASE}/:id`,
    schema: OutgoingLink,
    args: { id: existingId },
    links,
    allowBatch: { v1: true },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(OutgoingLink) },
        permission: 'public',
        validator: versionOf(store, 'tel/rest/item', 'fetch the link'),
        handler: ({ id }, request) => {
          if (request.cacheKeys.collecting) request.cacheKeys.add(linkKey(id));
          return (
            found.get(request) ??
            then(
              query('tel/rest/item', 'fetch the link', () => store.get(id)),
              orGone,
            )
          );
        },
      }),
      endpoint({
        methods: EDITABLE,
        args: { ...updateArgs(OutgoingLink), title: titleArg({ required: false }), link: linkArg.optional() },
        permission: requireCapability('edit_posts'),
        handler: async ({ id, title, link }) => {
          const stored = orGone(await query('tel/rest/update', 'update link', () => store.get(id)));
          const write = prepareWrite(stored, { title, link });
          // Only the fields sent (and the slug with the title): writing back the stored values
          // of the others would undo a concurrent update of those (issue 16, item 4).
          const changes: Partial<LinkWrite> = {};
          if (title) Object.assign(changes, { title: write.title, slug: write.slug });
          if (link) changes.link = write.link;
          const updated = orGone(await query('tel/rest/update', 'update link', () => store.update(id, changes)));
          await purge([linkKey(id), LINKS_KEY]);
          return updated;
        },
      }),
      endpoint({
        methods: DELETABLE,
        permission: requireCapability('edit_posts'),
        handler: async ({ id }) => {
          const previous = orGone(await query('tel/rest/delete', 'delete link', () => store.get(id)));
          const deleted = await query('tel/rest/delete', 'delete link', () => store.delete(id));
          await purge([linkKey(id), LINKS_KEY]);
          return response({ deleted: deleted >= 1, previous }, { raw: true });
        },
      }),
    ],
  });

  return [collection, item];
}

/** A record that vanished between validation and the handler (a concurrent delete). */
function orGone(record: OutgoingLinkRecord | undefined): OutgoingLinkRecord {
  if (record === undefined) {
    throw new RestError('rest_invalid_param', 'Invalid parameter(s): id', {
      status: 400,
      data: {
        params: { id: 'Invalid parameter.' },
        details: [],
      },
    });
  }
  return record;
}
