/**
 * The `links` of a post type's item schema, as the original's `get_schema_links`: the
 * actions a client may be allowed on a record (publish, post unfiltered HTML, sticky, change
 * the author, assign and create terms of each taxonomy), each with the body it would send.
 * Records carry the ones the caller may take, in the edit context (`prepareLinks`).
 *
 * @module
 */
import type { ObjectTypeRegistry, SchemaLink } from '@cms-json/core';
import type { PostTypeArgs } from './post-types.js';

/** What a taxonomy says of itself to the schema links (its declared arguments). */
interface TaxonomyShape {
  readonly showInRest?: boolean;
  readonly restBase?: string;
}

/**
 * The schema links of a post type's records.
 *
 * @example
 * postSchemaLinks({ name: 'post', args, itemPath: '/cms/v2/posts/{id}', relationBase, objectTypes });
 */
export function postSchemaLinks(input: {
  readonly name: string;
  readonly args: PostTypeArgs;
  /** The item route's path under the REST root, `{id}` as it is: `/cms/v2/posts/{id}`. */
  readonly itemPath: string;
  readonly relationBase: string;
  readonly objectTypes: ObjectTypeRegistry;
}): SchemaLink[] {
  const { name, args, itemPath: href, relationBase } = input;
  const link = (rel: string, title: string, properties: Record<string, unknown>): SchemaLink => ({
    rel: `${relationBase}${rel}`,
    title,
    href,
    targetSchema: { type: 'object', properties },
  });
  const links: SchemaLink[] = [];
  if (name !== 'attachment') {
    links.push(
      link('action-publish', 'The current user can publish this post.', {
        status: { type: 'string', enum: ['publish', 'future'] },
      }),
    );
  }
  // The original nests `raw` straight under `content` (no `properties`): kept as it is.
  links.push(
    link('action-unfiltered-html', 'The current user can post unfiltered HTML markup and JavaScript.', {
      content: { raw: { type: 'string' } },
    }),
  );
  if (name === 'post')
    links.push(link('action-sticky', 'The current user can sticky this post.', { sticky: { type: 'boolean' } }));
  if (args.supports.includes('author')) {
    links.push(
      link('action-assign-author', 'The current user can change the author on this post.', { author: { type: 'integer' } }),
    );
  }
  for (const taxonomy of args.taxonomies) {
    const shape = input.objectTypes.argsOf<TaxonomyShape>('taxonomy', taxonomy);
    if (shape?.showInRest !== true) continue;
    const base = shape.restBase ?? taxonomy;
    const ids = { [base]: { type: 'array', items: { type: 'integer' } } };
    links.push(link(`action-assign-${base}`, `The current user can assign terms in the ${taxonomy} taxonomy.`, ids));
    links.push(link(`action-create-${base}`, `The current user can create terms in the ${taxonomy} taxonomy.`, ids));
  }
  return links;
}
