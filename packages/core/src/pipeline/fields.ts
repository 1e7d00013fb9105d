/**
 * `_fields`: keeps only the listed fields, with dot paths for nested values
 * (`meta.key.sub`). A parent includes its children; a child implies its parent. Lists are
 * trimmed item by item. A list naming no existing field leaves `{}`.
 *
 * `_links` and `_embedded` survive only when listed, alone or by relation
 * (`_links.self`, `_embedded.author`), for single records and collections alike. Trimming
 * runs after links are written and embedding is done, so `_embedded.author.name` works and
 * embedding is limited to the relations listed under `_embedded` (an improvement on the
 * original, whose trimming ran first). A kept CURIE relation keeps its `curies` entry.
 *
 * @module
 */
import { parseList } from '../schema/validate.js';

/** The listed fields as a tree: `true` keeps the whole value. */
export interface FieldTree {
  [key: string]: FieldTree | true;
}

/** The field list of a `_fields` parameter (comma or space separated, or a list), or `undefined` when absent. */
export function parseFields(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  // Only string entries name fields; anything else (`_fields[0][1]=x`) is ignored.
  return parseList(value)
    .filter((field): field is string => typeof field === 'string')
    .map((field) => field.trim())
    .filter((field) => field !== '');
}

/** Builds the tree of a field list: `['a.b', 'c']` → `{ a: { b: true }, c: true }`. */
export function fieldTree(fields: readonly string[]): FieldTree {
  const tree: FieldTree = Object.create(null);
  for (const field of fields) {
    let node: FieldTree = tree;
    const parts = field.split('.');
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1) {
        node[part] = true;
        break;
      }
      const next = node[part];
      if (next === true) break;
      node = node[part] = next ?? Object.create(null);
    }
  }
  return tree;
}

/**
 * Which relations `_fields` lets `_embed` inline: `[]` when `_embedded` is not listed,
 * `undefined` when it is listed whole, else the relations listed under it.
 */
export function embeddedRelations(tree: FieldTree): string[] | undefined {
  const embedded = tree._embedded;
  if (embedded === undefined) return [];
  return embedded === true ? undefined : Object.keys(embedded);
}

interface CurieEntry {
  name?: unknown;
}

function trimLinks(links: Record<string, unknown>, tree: FieldTree): Record<string, unknown> {
  const out = trim(links, tree) as Record<string, unknown>;
  const curies = links.curies;
  if (tree.curies !== undefined || !Array.isArray(curies)) return out;
  const used = new Set<string>();
  for (const rel of Object.keys(out)) {
    const colon = rel.indexOf(':');
    if (colon > 0 && !rel.includes('://')) used.add(rel.slice(0, colon));
  }
  const kept = (curies as CurieEntry[]).filter((curie) => typeof curie.name === 'string' && used.has(curie.name));
  if (kept.length > 0) out.curies = kept;
  return out;
}

function trim(data: unknown, tree: FieldTree): unknown {
  if (Array.isArray(data)) return data.map((item) => trim(item, tree));
  if (typeof data !== 'object' || data === null) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const wanted = tree[key];
    if (wanted === undefined) continue;
    if (wanted === true) out[key] = value;
    else if (key === '_links' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      out[key] = trimLinks(value as Record<string, unknown>, wanted);
    } else out[key] = trim(value, wanted);
  }
  return out;
}

/**
 * Trims `data` (a record or a list of records) to the listed fields.
 *
 * @example
 * ```ts
 * filterFields({ id: 1, title: { raw: 'a', rendered: 'A' } }, ['id', 'title.rendered']); // { id: 1, title: { rendered: 'A' } }
 * ```
 */
export function filterFields(data: unknown, fields: readonly string[] | FieldTree): unknown {
  if (Array.isArray(fields)) {
    if (fields.length === 0) return data;
    return trim(data, fieldTree(fields));
  }
  return trim(data, fields as FieldTree);
}
