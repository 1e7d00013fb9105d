/**
 * Operation ids that read well, made from a route's path and method with no per-route code:
 * `listOutgoingLinks`, `createOutgoingLink`, `getOutgoingLink`, `updateOutgoingLink`,
 * `deleteOutgoingLink`, `listUserApplicationPasswords`. An id already taken in the document
 * gets the namespace in front (`getTelV1Index`), then a number.
 *
 * @module
 */
import type { HttpMethod } from '@cms-json/core';

/** One path part of a route: literal text, or a parameter. */
export type PathPart = { readonly text: string } | { readonly param: string };

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
}

function pascal(parts: readonly string[]): string {
  return parts.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** `links` → `link`, `categories` → `category`, `statuses` → `status`; other words stay. */
export function singular(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/i.test(word)) return word;
  if (/(sses|xes|ches|shes|uses)$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

const ITEM_VERBS: Readonly<Record<HttpMethod, string>> = {
  GET: 'get',
  POST: 'update',
  PUT: 'replace',
  PATCH: 'patch',
  DELETE: 'delete',
};
const COLLECTION_VERBS: Readonly<Record<HttpMethod, string>> = {
  GET: 'list',
  POST: 'create',
  PUT: 'replace',
  PATCH: 'patch',
  DELETE: 'delete',
};

/**
 * The readable base id of an operation: a verb (`list`/`create` on a collection,
 * `get`/`update`/`replace`/`patch`/`delete` on anything else) and the path's words, a word
 * before a parameter made singular (and a collection's last word for `create`).
 *
 * @example
 * ```ts
 * operationName('GET', [{ text: 'outgoing-links' }], { collection: true });                  // 'listOutgoingLinks'
 * operationName('POST', [{ text: 'outgoing-links' }], { collection: true });                 // 'createOutgoingLink'
 * operationName('GET', [{ text: 'outgoing-links' }, { param: 'id' }], { collection: false }); // 'getOutgoingLink'
 * ```
 */
export function operationName(method: HttpMethod, parts: readonly PathPart[], options: { collection: boolean }): string {
  const names: string[] = [];
  parts.forEach((part, index) => {
    if (!('text' in part)) return;
    const next = parts[index + 1];
    const last = index === parts.length - 1;
    const singularHere = (next !== undefined && 'param' in next) || (last && options.collection && method === 'POST');
    const partWords = words(part.text);
    if (singularHere && partWords.length > 0) {
      partWords[partWords.length - 1] = singular(partWords[partWords.length - 1] as string);
    }
    names.push(...partWords);
  });
  const verb = (options.collection ? COLLECTION_VERBS : ITEM_VERBS)[method];
  return verb + (names.length === 0 ? 'Index' : pascal(names));
}

/** Hands out unique operation ids in one document. */
export class OperationIds {
  readonly #taken = new Set<string>();

  /** The id for an operation: its readable name, else with the namespace in front, else numbered. */
  take(method: HttpMethod, namespace: string, parts: readonly PathPart[], options: { collection: boolean }): string {
    const name = operationName(method, parts, options);
    const verb = /^[a-z]+/.exec(name)?.[0] ?? '';
    const candidates = [name, verb + pascal(words(namespace)) + name.slice(verb.length)];
    let id = candidates.find((candidate) => !this.#taken.has(candidate));
    for (let n = 2; id === undefined; n++) {
      const numbered = `${candidates[1]}${n}`;
      if (!this.#taken.has(numbered)) id = numbered;
    }
    this.#taken.add(id);
    return id;
  }
}
