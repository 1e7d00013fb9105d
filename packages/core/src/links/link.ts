/**
 * Links: `_links` is an object of relation → array of link objects, each `{ …attributes, href }`.
 * A route declares link templates whose `:name` placeholders are filled from each record.
 *
 * @module
 */
import { compile } from 'path-to-regexp';

/** A link object on the wire. */
export interface LinkObject {
  href: string;
  embeddable?: boolean;
  [attribute: string]: unknown;
}

/** `_links`: relation → link objects. */
export type Links = Record<string, LinkObject[]>;

/** What a link template can read besides the record. */
export interface LinkContext {
  /** Builds an absolute URL from a path under the REST root: `url('/tel/v1/outgoing-links/3')`. */
  url(path: string): string;
  /** The product prefix (`cms`, or `wp` in the WordPress profile). */
  readonly prefix: string;
}

/**
 * A link a route adds to each record it returns.
 *
 * @example
 * ```ts
 * const self: LinkTemplate = { rel: 'self', href: '/tel/v1/outgoing-links/:id' };
 * const author: LinkTemplate = { rel: 'author', href: '/{prefix}/v2/users/:author', embeddable: true };
 * const term: LinkTemplate = { rel: 'https://api.cms-json.org/term', href: (post, { url }) => url(`/cms/v2/tags?post=${post.id}`), attributes: { taxonomy: 'post_tag' } };
 * ```
 */
export interface LinkTemplate<TRecord = Record<string, unknown>> {
  /** The relation: an IANA name (`self`, `author`), a full URI, or a CURIE (`cms:term`). */
  rel: string;
  /**
   * The target: a path under the REST root with `:field` placeholders filled from the record
   * and `{prefix}` replaced by the product prefix, an absolute URL, or a function.
   */
  href: string | ((record: TRecord, context: LinkContext) => string | undefined);
  /** Whether `_embed` may inline the target. */
  embeddable?: boolean;
  /** Further attributes copied next to `href` (`taxonomy`, `post_type`, `name`, …). */
  attributes?: Readonly<Record<string, unknown>>;
  /** Adds the link only when this returns true for the record. */
  when?: (record: TRecord) => boolean;
}

const compiled = new Map<string, (params: Record<string, string>) => string>();

function fill(template: string, record: Record<string, unknown>): string | undefined {
  if (!template.includes(':')) return template;
  let toPath = compiled.get(template);
  if (toPath === undefined) {
    toPath = compile(template);
    compiled.set(template, toPath);
  }
  const params: Record<string, string> = {};
  for (const match of template.matchAll(/:(\w+)/g)) {
    const name = match[1] as string;
    const value = record[name];
    if (value === undefined || value === null || value === '') return undefined;
    params[name] = String(value);
  }
  return toPath(params);
}

/** Resolves a route's link templates for one record. */
export function resolveLinks(templates: readonly LinkTemplate[], record: Record<string, unknown>, context: LinkContext): Links {
  const links: Links = {};
  for (const template of templates) {
    if (template.when !== undefined && !template.when(record)) continue;
    let href: string | undefined;
    if (typeof template.href === 'function') href = template.href(record, context);
    else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(template.href)) href = template.href;
    else {
      const path = fill(template.href.replaceAll('{prefix}', context.prefix), record);
      href = path === undefined ? undefined : context.url(path);
    }
    if (href === undefined) continue;
    const link: LinkObject = { ...template.attributes, href };
    if (template.embeddable === true) {
      const { href: target, ...rest } = link;
      const ordered: LinkObject = { ...rest, embeddable: true, href: target };
      (links[template.rel] ??= []).push(ordered);
    } else {
      (links[template.rel] ??= []).push(link);
    }
  }
  return links;
}

/** Merges `extra` links into `target`, relation by relation, keeping order. */
export function mergeLinks(target: Links, extra: Links): Links {
  for (const [rel, list] of Object.entries(extra)) (target[rel] ??= []).push(...list);
  return target;
}
