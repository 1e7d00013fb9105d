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
  readonly #compact = new Map<string, string>();
  readonly #curieLists = new Map<string, CurieLink[]>();
  readonly #changed: () => void;

  /** @param changed Called when a prefix is added (the server then builds its routes' link writers again). */
  constructor(changed: () => void = () => undefined) {
    this.#changed = changed;
  }

  /**
   * Registers a prefix; `href` must contain `{rel}`. A later prefix of the same name replaces it.
   *
   * @example
   * ```ts
   * server.curies.add({ name: 'rating_plugin', href: 'https://my-rating-plugin.com/{rel}' });
   * ```
   */
  add(curie: Curie): void {
    if (!/^[A-Za-z_][\w.-]*$/.test(curie.name)) throw new Error(`Invalid CURIE name "${curie.name}".`);
    if (!curie.href.includes('{rel}')) throw new Error(`CURIE href for "${curie.name}" must contain {rel}: ${curie.href}`);
    const at = this.#curies.findIndex((c) => c.name === curie.name);
    if (at === -1) this.#curies.push({ name: curie.name, href: curie.href });
    else this.#curies[at] = { name: curie.name, href: curie.href };
    this.#compact.clear();
    this.#curieLists.clear();
    this.#changed();
  }

  /** The registered prefixes. */
  list(): readonly Curie[] {
    return this.#curies;
  }

  /** The compact form of a relation, or the relation itself. */
  compact(rel: string): string {
    if (!rel.includes('://')) return rel;
    let found = this.#compact.get(rel);
    if (found === undefined) {
      found = rel;
      for (const curie of this.#curies) {
        const base = curie.href.slice(0, curie.href.indexOf('{rel}'));
        if (rel.startsWith(base) && rel.length > base.length) {
          found = `${curie.name}:${rel.slice(base.length)}`;
          break;
        }
      }
      if (this.#compact.size < 1000) this.#compact.set(rel, found);
    }
    return found;
  }

  /** Compacts every relation of `links` and appends `curies` for the prefixes used. */
  apply(links: Links): Links & { curies?: CurieLink[] } {
    // Registered names only (`self`, `collection`, …): nothing to compact, no `curies` to add.
    let absolute = false;
    for (const rel in links) {
      if (rel.includes('://')) {
        absolute = true;
        break;
      }
    }
    if (!absolute) return links;
    const out: Links & { curies?: CurieLink[] } = {};
    let used: string | undefined;
    for (const rel in links) {
      const list = links[rel] as Links[string];
      const compact = this.compact(rel);
      const colon = compact.indexOf(':');
      if (colon > 0 && !compact.includes('://')) {
        const name = compact.slice(0, colon);
        if (used === undefined) used = name;
        else if (!used.split(' ').includes(name)) used += ` ${name}`;
      }
      const existing = out[compact];
      out[compact] = existing === undefined ? list : [...existing, ...list];
    }
    if (used !== undefined) {
      const curies = this.#curiesFor(used);
      if (curies.length > 0) out.curies = curies;
    }
    return out;
  }

  /** The `curies` entries for a space-separated list of used prefixes, cached. */
  #curiesFor(used: string): CurieLink[] {
    let found = this.#curieLists.get(used);
    if (found === undefined) {
      const names = used.split(' ');
      found = this.#curies
        .filter((c) => names.includes(c.name))
        .map((c): CurieLink => ({ name: c.name, href: c.href, templated: true }));
      if (this.#curieLists.size < 100) this.#curieLists.set(used, found);
    }
    // A fresh array of fresh objects: callers may trim or change what they get.
    return found.map((c) => ({ ...c }));
  }
}
