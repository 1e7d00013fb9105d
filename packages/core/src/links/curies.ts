/**
 * CURIEs: relation prefixes registered on the server. A full-URI relation that starts with a
 * registered prefix's base is written in compact form (`https://api.w.org/term` → `wp:term`),
 * and `curies` lists only the prefixes used, each `templated: true`.
 *
 * @module
 */
import type { Links } from './link.js';

/** A registered CURIE prefix: `href` contains `{rel}`. */
export interface Curie {
  name: string;
  href: string;
}

/** The `curies` entries on the wire. */
export interface CurieLink {
  name: string;
  href: string;
  templated: true;
}

/** The server's CURIE registry. */
export class CurieRegistry {
  readonly #curies: Curie[] = [];

  /** Registers a prefix; `href` must contain `{rel}`. A later prefix of the same name replaces it. */
  add(curie: Curie): void {
    if (!curie.href.includes('{rel}')) throw new Error(`CURIE href for "${curie.name}" must contain {rel}: ${curie.href}`);
    const at = this.#curies.findIndex((c) => c.name === curie.name);
    if (at === -1) this.#curies.push(curie);
    else this.#curies[at] = curie;
  }

  /** The registered prefixes. */
  list(): readonly Curie[] {
    return this.#curies;
  }

  /** The compact form of a relation, or the relation itself. */
  compact(rel: string): string {
    if (!rel.includes('://')) return rel;
    for (const curie of this.#curies) {
      const base = curie.href.slice(0, curie.href.indexOf('{rel}'));
      if (rel.startsWith(base) && rel.length > base.length) return `${curie.name}:${rel.slice(base.length)}`;
    }
    return rel;
  }

  /** Compacts every relation of `links` and appends `curies` for the prefixes used. */
  apply(links: Links): Links & { curies?: CurieLink[] } {
    const out: Links & { curies?: CurieLink[] } = {};
    const used = new Set<string>();
    for (const [rel, list] of Object.entries(links)) {
      const compact = this.compact(rel);
      const colon = compact.indexOf(':');
      if (colon > 0 && !compact.includes('://')) used.add(compact.slice(0, colon));
      const existing = out[compact];
      if (existing === undefined) out[compact] = list;
      else existing.push(...list);
    }
    const curies = this.#curies
      .filter((c) => used.has(c.name))
      .map((c): CurieLink => ({ name: c.name, href: c.href, templated: true }));
    if (curies.length > 0) out.curies = curies;
    return out;
  }
}
