/**
 * `_links` written straight to JSON text: for a record of a list that is sent as it is, the
 * text `JSON.stringify` gives for the links {@link linkResolver} builds, without the link
 * objects. A target the same for every record is written once.
 *
 * @module
 */
import { PairCache } from '../pair-cache.js';
import { jsonString } from '../record-json.js';
import { type LinkContext, type LinkTemplate, readyTemplates } from './link.js';

/** The JSON text of a record's `_links` value, or `''` when none of its links applies. */
export type LinksWriter = (record: Record<string, unknown>) => string;

/** An array index (`"0"`, `"12"`): objects list such keys first, whatever their order of insertion. */
const INDEX = /^(?:0|[1-9]\d*)$/;

/** Attribute values whose JSON text can be made once. */
function isFixedValue(value: unknown): boolean {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

const writers = new PairCache<LinkContext, readonly LinkTemplate[], LinksWriter | undefined>();

/**
 * The `_links` writer of a route's templates for a link context, or `undefined` when the
 * templates need what only the link objects give: relations compacted to CURIEs (a full
 * URI), a relation used twice or named like an array index, or an attribute that is not a plain value.
 *
 * @example
 * ```ts
 * const write = linksWriter([{ rel: 'self', href: '/tel/v1/outgoing-links/:id' }], context);
 * write?.({ id: 3 }); // '{"self":[{"href":"https://example.com/cms-json/tel/v1/outgoing-links/3"}]}'
 * ```
 */
export function linksWriter(templates: readonly LinkTemplate[], context: LinkContext): LinksWriter | undefined {
  return writers.get(context, templates, compileWriter);
}

/**
 * One template, ready to write. Each text comes in two forms: opening the `_links` object
 * (`{"self":[…`) and following another relation (`,"self":[…`).
 */
interface WriterPart {
  readonly when: ((record: Record<string, unknown>) => boolean) | undefined;
  readonly href: (record: Record<string, unknown>) => string | undefined;
  /** Whether the targets need no escaping: the opening quote is then part of `open`. */
  readonly jsonSafe: boolean;
  /** The text before the target: `{"self":[{"href":` (and `"` when `jsonSafe`). */
  readonly open: readonly [first: string, next: string];
  /** The whole text, when the target is the same for every record. */
  readonly fixed: readonly [first: string, next: string] | undefined;
}

function compileWriter(context: LinkContext, templates: readonly LinkTemplate[]): LinksWriter | undefined {
  const rels = templates.map((template) => template.rel);
  if (rels.some((rel) => rel.includes('://') || rel === '__proto__' || INDEX.test(rel)) || new Set(rels).size !== rels.length)
    return undefined;
  const parts: WriterPart[] = [];
  const both = (text: string) => [`{${text}`, `,${text}`] as const;
  for (const ready of readyTemplates(templates, context)) {
    if (ready.attributes.some(([key, value]) => key === '__proto__' || !isFixedValue(value))) return undefined;
    // The link object is its attributes, then `href`: `{"embeddable":true,"href":"…"}`.
    const attributes = JSON.stringify(Object.fromEntries(ready.attributes)).slice(0, -1);
    const open = `${JSON.stringify(ready.template.rel)}:[${attributes === '{' ? '{' : `${attributes},`}"href":`;
    parts.push({
      when: ready.template.when,
      href: ready.href,
      jsonSafe: ready.jsonSafe,
      open: both(ready.jsonSafe ? `${open}"` : open),
      fixed: ready.fixedHref === undefined ? undefined : both(`${open}${jsonString(ready.fixedHref)}}]`),
    });
  }
  return (record) => {
    let out: string | undefined;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as WriterPart;
      if (part.when !== undefined && !part.when(record)) continue;
      const at = out === undefined ? 0 : 1;
      let text = part.fixed?.[at];
      if (text === undefined) {
        const href = part.href(record);
        if (href === undefined) continue;
        text = part.jsonSafe ? `${part.open[at]}${href}"}]` : `${part.open[at]}${jsonString(href)}}]`;
      }
      out = out === undefined ? text : out + text;
    }
    return out === undefined ? '' : `${out}}`;
  };
}
