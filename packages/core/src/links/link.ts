/**
 * Links: `_links` is an object of relation → array of link objects, each `{ …attributes, href }`.
 * A route declares link templates whose `:name` placeholders are filled from each record.
 *
 * @module
 */
import { compile } from 'path-to-regexp';
import { needsJsonEscape } from '../record-json.js';

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

/** A filled template: the path (path-to-regexp) plus a query whose `:name` values are encoded. */
interface CompiledTemplate {
  readonly names: readonly string[];
  readonly path: (params: Record<string, string>) => string;
  readonly query: string | undefined;
}

const PLACEHOLDER = /:([A-Za-z_]\w*)/g;

/** A path whose only syntax is `:name` placeholders (no optional groups, wildcards or escapes). */
const PLAIN_PATH = /^(?:[^:{}()[\]*+?!\\]|:[A-Za-z_]\w*)*$/;

/** Values `encodeURIComponent` leaves as they are (an id, a slug): no new string needed. */
const URL_SAFE = /^[\w.~-]*$/;

/** A placeholder's value as it goes into a path: percent-encoded, unchanged when already safe. */
function encodeValue(text: string): string {
  return URL_SAFE.test(text) ? text : encodeURIComponent(text);
}

/** Fills a plain path: the literals joined with the encoded values, as path-to-regexp's `compile` does. */
function plainFiller(path: string): (params: Record<string, string>) => string {
  const parts = path.split(/:([A-Za-z_]\w*)/);
  return (params) => {
    let out = parts[0] as string;
    for (let i = 1; i < parts.length; i += 2) {
      out += encodeValue(params[parts[i] as string] ?? '') + (parts[i + 1] as string);
    }
    return out;
  };
}

/**
 * Compiles a path template: `/cms/v2/comments?post=:id`. The path is filled by
 * path-to-regexp (values percent-encoded); the query's placeholders are filled here.
 * Throws for a template path-to-regexp cannot read, so a route fails at registration.
 */
export function compileTemplate(template: string): CompiledTemplate {
  const q = template.indexOf('?');
  const pathPart = q === -1 ? template : template.slice(0, q);
  const query = q === -1 ? undefined : template.slice(q + 1);
  const names = [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
  const toPath = !pathPart.includes(':') ? () => pathPart : PLAIN_PATH.test(pathPart) ? plainFiller(pathPart) : compile(pathPart);
  return { names, path: toPath, query };
}

function fill(template: CompiledTemplate, record: Record<string, unknown>): string | undefined {
  const { names, path, query } = template;
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = record[name];
    if (value === undefined || value === null || value === '') return undefined;
    params[name] = String(value);
  }
  const filled = path(params);
  if (query === undefined) return filled;
  return `${filled}?${query.replace(PLACEHOLDER, (_m, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

/** Checks a route's link templates when it is registered: a bad template throws there. */
export function assertLinkTemplates(templates: readonly LinkTemplate[], prefix: string): void {
  for (const template of templates) {
    if (typeof template.href !== 'string' || ABSOLUTE.test(template.href)) continue;
    try {
      compileTemplate(template.href.replaceAll('{prefix}', prefix));
    } catch (error) {
      throw new Error(`Link "${template.rel}": cannot read the template ${template.href}`, { cause: error });
    }
  }
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A template prepared for one prefix: how to build its href, and its fixed attributes. */
interface PreparedTemplate {
  readonly prefix: string;
  readonly href: (record: Record<string, unknown>, context: LinkContext) => string | undefined;
  /** A path with no placeholders: its URL is the same for every record. */
  readonly fixedPath: string | undefined;
  /** A plain path with placeholders and no query, split as literal, name, literal, …, literal. */
  readonly plainParts: readonly string[] | undefined;
  /** The attributes before `href`, `embeddable` last, as the original orders them. */
  readonly attributes: readonly (readonly [string, unknown])[];
}

function prepare(template: LinkTemplate, prefix: string): PreparedTemplate {
  const attributes: [string, unknown][] = Object.entries(template.attributes ?? {}).filter(
    ([key]) => key !== 'href' && !(template.embeddable === true && key === 'embeddable'),
  );
  if (template.embeddable === true) attributes.push(['embeddable', true]);
  let href: PreparedTemplate['href'];
  let fixedPath: string | undefined;
  let plainParts: string[] | undefined;
  const source = template.href;
  if (typeof source === 'function') href = source;
  else if (ABSOLUTE.test(source)) href = () => source;
  else {
    const path = source.replaceAll('{prefix}', prefix);
    const template = compileTemplate(path);
    if (template.names.length === 0) fixedPath = path;
    else if (template.query === undefined && PLAIN_PATH.test(path)) plainParts = path.split(/:([A-Za-z_]\w*)/);
    href =
      template.names.length === 0
        ? (_record, context) => context.url(path)
        : (record, context) => {
            const filled = fill(template, record);
            return filled === undefined ? undefined : context.url(filled);
          };
  }
  return { prefix, href, fixedPath, plainParts, attributes };
}

/** Builds the links of one record. */
export type LinkResolver = (record: Record<string, unknown>) => Links;

/** A template made ready for one link context: how each record's target is built. */
export interface ReadyTemplate {
  readonly template: LinkTemplate;
  /** The attributes before `href`, `embeddable` last, as the original orders them. */
  readonly attributes: readonly (readonly [string, unknown])[];
  /** The URL when it is the same for every record. */
  readonly fixedHref: string | undefined;
  /** The record's target, or `undefined` when a placeholder's value is missing. */
  readonly href: (record: Record<string, unknown>) => string | undefined;
  /** Whether no target holds a character JSON escapes (a plain path's values are percent-encoded). */
  readonly jsonSafe: boolean;
}

/**
 * A route's link templates made ready for a link context (one site URL): what
 * {@link linkResolver} and the JSON writer of `_links` both build from. Made once per route
 * and site URL by the route's {@link RouteLinks}.
 */
export function readyTemplates(templates: readonly LinkTemplate[], context: LinkContext): readonly ReadyTemplate[] {
  return templates.map((template) => {
    const prepared = prepare(template, context.prefix);
    const { build, jsonSafe, fixed } = hrefBuilder(prepared, context);
    return { template, attributes: prepared.attributes, fixedHref: fixed, href: build, jsonSafe };
  });
}

/**
 * The function that builds the `_links` of each record from templates made ready for a link
 * context. A target without placeholders is built once.
 */
export function resolverOf(ready: readonly ReadyTemplate[]): LinkResolver {
  return (record) => {
    const links: Links = {};
    for (let i = 0; i < ready.length; i++) {
      const { template, attributes, href: build } = ready[i] as ReadyTemplate;
      if (template.when !== undefined && !template.when(record)) continue;
      const href = build(record);
      if (href === undefined) continue;
      let link: LinkObject;
      if (attributes.length === 0) link = { href };
      else {
        link = {} as LinkObject;
        for (const [key, value] of attributes) link[key] = value;
        link.href = href;
      }
      const list = links[template.rel];
      if (list === undefined) links[template.rel] = [link];
      else list.push(link);
    }
    return links;
  };
}

/**
 * The `_links` builder of link templates for a link context, made now (a route keeps its
 * own in its {@link RouteLinks}).
 *
 * @example
 * ```ts
 * linkResolver([{ rel: 'self', href: '/tel/v1/outgoing-links/:id' }], context)({ id: 3 });
 * // { self: [{ href: 'https://example.com/cms-json/tel/v1/outgoing-links/3' }] }
 * ```
 */
export function linkResolver(templates: readonly LinkTemplate[], context: LinkContext): LinkResolver {
  return resolverOf(readyTemplates(templates, context));
}

/**
 * How a resolver builds a template's target. A path without placeholders is built once. A
 * plain path (`/tel/v1/outgoing-links/:id`) is filled straight onto the URL of its first
 * literal, when the context's URLs are built by appending the path (the server's are; a
 * probe checks it), with no parameter map and one string per target. `jsonSafe` tells
 * whether every target it builds is free of what JSON escapes: true for a plain path whose
 * literals are (the values it inserts are percent-encoded). `fixed` is the target when it is
 * the same for every record.
 */
function hrefBuilder(
  prepared: PreparedTemplate,
  context: LinkContext,
): { build: (record: Record<string, unknown>) => string | undefined; jsonSafe: boolean; fixed?: string } {
  if (prepared.fixedPath !== undefined) {
    const fixed = context.url(prepared.fixedPath);
    return { build: () => fixed, jsonSafe: !needsJsonEscape(fixed), fixed };
  }
  const parts = prepared.plainParts;
  const head = parts === undefined ? undefined : context.url(parts[0] as string);
  if (parts === undefined || head === undefined || context.url(`${parts[0]}x`) !== `${head}x`)
    return { build: (record) => prepared.href(record, context), jsonSafe: false };
  const build = (record: Record<string, unknown>) => {
    let out = head;
    for (let i = 1; i < parts.length; i += 2) {
      const value = record[parts[i] as string];
      if (value === undefined || value === null || value === '') return undefined;
      // An id: digits (and a sign) need no encoding and no check.
      out += (Number.isSafeInteger(value) ? String(value) : encodeValue(String(value))) + (parts[i + 1] as string);
    }
    return out;
  };
  return { build, jsonSafe: !needsJsonEscape(head) && parts.every((part, i) => i % 2 === 1 || !needsJsonEscape(part)) };
}
