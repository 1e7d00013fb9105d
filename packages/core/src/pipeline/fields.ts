/**
 * `_fields`: keeps only the listed fields, with dot paths for nested values
 * (`meta.key.sub`). A parent includes its children; a child implies its parent. Lists are
 * trimmed item by item. Trimming happens before embedding, as in the original.
 *
 * @module
 */
import { parseList } from '../schema/validate.js';

interface FieldTree {
  [key: string]: FieldTree | true;
}

function buildTree(fields: string[]): FieldTree {
  const tree: FieldTree = Object.create(null);
  for (const field of fields) {
    let node: FieldTree = tree;
    const parts = field.split('.');
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1) node[part] = true;
      else {
        const next = node[part];
        if (next === true) break;
        node = node[part] = next ?? Object.create(null);
      }
    }
  }
  return tree;
}

function trim(data: unknown, tree: FieldTree): unknown {
  if (Array.isArray(data)) return data.map((item) => trim(item, tree));
  if (typeof data !== 'object' || data === null) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const wanted = tree[key];
    if (wanted === undefined) continue;
    out[key] = wanted === true ? value : trim(value, wanted);
  }
  return out;
}

/** The field list of a `_fields` parameter, or `undefined` when absent. */
export function parseFields(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return parseList(value).map(String);
}

/** Trims `data` (a record or a list of records) to the listed fields. */
export function filterFields(data: unknown, fields: string[]): unknown {
  if (fields.length === 0) return data;
  return trim(data, buildTree(fields));
}
