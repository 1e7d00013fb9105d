/**
 * The links of a term record: `self`, `collection`, `about` (its taxonomy), `up` (its
 * parent, embeddable) and one `cms:post_type` per object type of the taxonomy, to that
 * type's collection filtered by the term (`/cms/v2/posts?categories=3`).
 *
 * @module
 */
import type { LinkTemplate, ObjectTypeRegistry } from '@cms-json/core';
import { basePath, type TermsContext } from './context.js';

/** The registration arguments of a post type that say where its routes are. */
interface PostTypeRestArgs {
  showInRest?: boolean;
  restBase?: string;
  restNamespace?: string;
}

/** Post types the content package may not have declared (yet) are served at their plural. */
const BUILT_IN_REST_BASES: Readonly<Record<string, string>> = { post: 'posts', page: 'pages', attachment: 'media' };

/**
 * The collection path of a post type (`/cms/v2/posts`), from its declared arguments; the
 * built-in types default to their usual bases. `undefined` when it has no REST routes.
 *
 * @example
 * postTypePath(server.objectTypes, 'book', 'cms/v2'); // '/cms/v2/books'
 */
export function postTypePath(objectTypes: ObjectTypeRegistry, postType: string, namespace: string): string | undefined {
  const args = objectTypes.argsOf<PostTypeRestArgs>('post_type', postType);
  if (args === undefined) {
    const base = BUILT_IN_REST_BASES[postType];
    return base === undefined ? undefined : `/${namespace}/${base}`;
  }
  if (args.showInRest !== true) return undefined;
  return `/${args.restNamespace ?? namespace}/${args.restBase ?? postType}`;
}

/**
 * The link templates of a taxonomy's term records.
 *
 * @example
 * defineRoute({ path: '/tags', links: termLinks(context), … });
 */
export function termLinks(context: TermsContext): LinkTemplate[] {
  const base = basePath(context);
  const { taxonomy } = context;
  const links: LinkTemplate[] = [
    { rel: 'self', href: `${base}/:id` },
    { rel: 'collection', href: base },
    { rel: 'about', href: `/${context.contentNamespace}/taxonomies/${taxonomy.name}` },
  ];
  if (taxonomy.args.hierarchical) {
    links.push({ rel: 'up', href: `${base}/:parent`, embeddable: true, when: (term) => Number(term.parent) > 0 });
  }
  for (const objectType of taxonomy.objectTypes) {
    const path = postTypePath(context.objectTypes, objectType, context.contentNamespace);
    if (path === undefined) continue;
    links.push({
      rel: `${context.relationBase}post_type`,
      href: (term, { url }) => url(`${path}?${taxonomy.args.restBase}=${String(term.id)}`),
    });
  }
  return links;
}
