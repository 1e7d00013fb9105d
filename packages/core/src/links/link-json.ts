/**
 * `_links` written straight to JSON text: for a record of a list that is sent as it is, the
 * text `JSON.stringify` gives for the links {@link linkResolver} builds, without the link
 * objects. A target the same for every record is written once.
 *
 * @module
 */

import { jsonString } from '../record-json.js';
import type { CurieRegistry } from './curies.js';
import type { ReadyTemplate } from './link.js';

/** The JSON text of a record's `_links` value, or `''` when none of its links applies. */
export type LinksWriter = (record: Record<string, unknown>) => string;

/** An array index (`"0"`, `"12"`): objects list such keys first, whatever their order of insertion. */
const INDEX = /^(?:0|[1-9]\d*)$/;

/** Attribute values whose JSON text can be made once. */
function isFixedValue(value: unknown): boolean {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * One template, ready to write. Each text comes in two forms: opening the `_links` object
 * (`{"self":[…`) and following another relation (`,"self":[…`).
 */
interface WriterPart {
  readonly when: ((record: Record<string, unknown>) => boolean) | undefined;
  readonly href: (record: Record<string, unknown>) => string | undefined;
  /** The bit of the CURIE prefix the relation was compacted to (0: none). */
  readonly prefix: number;
  /** Whether the targets need no escaping: the opening quote is then part of `open`. */
  readonly jsonSafe: boolean;
  /** The text before the target: `{"self":[{"href":` (and `"` when `jsonSafe`). */
  readonly open: readonly [first: string, next: string];
  /** The whole text, when the target is the same for every record. */
  readonly fixed: readonly [first: string, next: string] | undefined;
}

/**
 * The `_links` writer of templates made ready for a link context, or `undefined` when the
 * templates need what only the link objects give: a relation used twice (after compaction)
 * or named like an array index, or an attribute that is not a plain value. A full-URI
 * relation is compacted to its CURIE and the record's `curies` entry written, as
 * `curies.apply` does.
 *
 * @example
 * ```ts
 * const write = linksWriter(readyTemplates([{ rel: 'self', href: '/tel/v1/outgoing-links/:id' }], context), server.curies);
 * write?.({ id: 3 }); // '{"self":[{"href":"https://example.com/cms-json/tel/v1/outgoing-links/3"}]}'
 * ```
 */
export function linksWriter(ready: readonly ReadyTemplate[], curies: CurieRegistry): LinksWriter | undefined {
  // Relations as `curies.apply` writes them: a full URI compacted to its CURIE when a prefix
  // matches. Each prefix used gets a bit; a record's `curies` entry is the set it used.
  const rels = ready.map(({ template }) => (template.rel.includes('://') ? curies.compact(template.rel) : template.rel));
  if (rels.some((rel) => rel === '__proto__' || rel === 'curies' || INDEX.test(rel)) || new Set(rels).size !== rels.length)
    return undefined;
  const prefixes: string[] = [];
  const parts: WriterPart[] = [];
  const both = (text: string) => [`{${text}`, `,${text}`] as const;
  for (const [i, one] of ready.entries()) {
    if (one.attributes.some(([key, value]) => key === '__proto__' || !isFixedValue(value))) return undefined;
    const rel = rels[i] as string;
    let prefix = 0;
    if (one.template.rel.includes('://') && !rel.includes('://')) {
      const name = rel.slice(0, rel.indexOf(':'));
      if (!prefixes.includes(name)) prefixes.push(name);
      prefix = 1 << prefixes.indexOf(name);
    }
    // The link object is its attributes, then `href`: `{"embeddable":true,"href":"…"}`.
    const attributes = JSON.stringify(Object.fromEntries(one.attributes)).slice(0, -1);
    const open = `${JSON.stringify(rel)}:[${attributes === '{' ? '{' : `${attributes},`}"href":`;
    parts.push({
      when: one.template.when,
      href: one.href,
      jsonSafe: one.jsonSafe,
      prefix,
      open: both(one.jsonSafe ? `${open}"` : open),
      fixed: one.fixedHref === undefined ? undefined : both(`${open}${jsonString(one.fixedHref)}}]`),
    });
  }
  if (prefixes.length > 30) return undefined;
  const curieTexts = new Map<number, string>();
  /** `,"curies":[…]` for a set of prefixes, as `curies.apply` lists them (in the registry's order). */
  const curiesText = (used: number): string => {
    let text = curieTexts.get(used);
    if (text === undefined) {
      const names = prefixes.filter((_name, bit) => (used & (1 << bit)) !== 0);
      const list = curies.list().filter((curie) => names.includes(curie.name));
      text =
        list.length === 0 ? '' : `,"curies":${JSON.stringify(list.map(({ name, href }) => ({ name, href, templated: true })))}`;
      curieTexts.set(used, text);
    }
    return text;
  };
  return (record) => {
    let out: string | undefined;
    let used = 0;
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
      used |= part.prefix;
      out = out === undefined ? text : out + text;
    }
    if (out === undefined) return '';
    return used === 0 ? `${out}}` : `${out}${curiesText(used)}}`;
  };
}
