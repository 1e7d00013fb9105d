/**
 * The Zod schema of a registered post type's records, for a plugin's own routes that return
 * them: declared as the route's `schema`, the route index, `OPTIONS` and the OpenAPI document
 * describe its answers as the type's own routes do (in OpenAPI, the same component), instead
 * of an untyped `unknown`.
 *
 * @module
 */
import type { RestContext, RestServer } from '@cms-json/core';
import { z } from 'zod';
import { metaRegistry } from '../meta/registry.js';
import { metaProperties } from '../meta/schema.js';
import { postTypes } from './post-types.js';
import { postSchema } from './schema.js';

const VIEW_EDIT = ['view', 'edit'];

/** Options of {@link recordSchemaOf}. */
export interface RecordSchemaOptions {
  /**
   * Only the properties this context shows (`view`, `edit`, `embed`). Leave it out for a
   * route's `schema`: the framework cuts each answer to the request's `context` itself.
   */
  readonly context?: RestContext;
}

/**
 * The `meta` field, its published keys read when the schema is first shown (the routes are
 * built), so meta keys registered after this call are in it, as in the type's own routes.
 */
function lazyMetaField(server: RestServer, type: string): z.ZodType {
  return z.record(z.string(), z.unknown()).meta({
    description: 'Meta fields.',
    context: VIEW_EDIT,
    get published() {
      const keys = metaRegistry(server).restKeys('post', type);
      return { description: 'Meta fields.', type: 'object', context: VIEW_EDIT, properties: metaProperties(keys) };
    },
  });
}

/** Whether a property's `.meta({ context })` includes a context (no list: every context). */
function shownIn(property: z.ZodType, context: RestContext): boolean {
  const contexts = z.globalRegistry.get(property)?.context;
  return !Array.isArray(contexts) || contexts.includes(context);
}

/**
 * The Zod schema of the records of a registered post type (`post`, `page`, `attachment` or
 * one of your own, such as `book`), as the type's routes answer them: its arguments (after
 * every filter) decide the properties, as in its own routes, and `meta` holds its registered
 * meta keys. Fields added with `registerRestField` are added to a route that also names the
 * type as its `objectType`. Call it once the type (and the taxonomies shown on it) are
 * registered, e.g. in your plugin, used after the one registering the type. It is the schema
 * the posts controller makes; a type whose controller overrides `schema()` (the books
 * example's `author`) is described by that controller's schema instead.
 *
 * @throws Error when no post type of that name is registered.
 *
 * @example
 * ```ts
 * const Book = recordSchemaOf(server, 'book');
 * server.register('shelf/v1', defineRoute({
 *   path: '/featured',
 *   schema: Book, // GET /shelf/v1/featured answers book records: OpenAPI says so
 *   endpoints: (endpoint) => [endpoint({ methods: READABLE, permission: 'public', handler: featuredBooks })],
 * }));
 * ```
 */
export function recordSchemaOf(server: RestServer, type: string, options: RecordSchemaOptions = {}): z.ZodObject {
  const registry = postTypes(server);
  const args = registry.get(type);
  if (args === undefined) {
    throw new Error(
      `recordSchemaOf(server, '${type}'): no post type "${type}" is registered (registered: ${registry.names().join(', ')}); register it first (postTypes(server).register('${type}', …)) or use its name.`,
    );
  }
  const schema = postSchema(type, args, { meta: lazyMetaField(server, type) });
  const { context } = options;
  if (context === undefined) return schema;
  const shown = Object.entries(schema.shape).filter(([, property]) => shownIn(property, context));
  return z.object(Object.fromEntries(shown)).meta(z.globalRegistry.get(schema) ?? {});
}
