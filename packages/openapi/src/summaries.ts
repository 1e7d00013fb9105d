/**
 * Operation summaries a person reads in a viewer, made from a route's path and method with no
 * per-route code: `List posts`, `Create a tag`, `Retrieve an outgoing link`, `Delete a
 * revision of a post`, `Retrieve the current user`. An endpoint may declare its own.
 *
 * @module
 */
import type { HttpMethod } from '@cms-json/core';
import { type PathPart, singular } from './operation-ids.js';

function words(text: string): string {
  return text
    .split(/[^A-Za-z0-9.]+/)
    .filter((word) => word !== '')
    .join(' ')
    .toLowerCase();
}

/** `a post`, `an outgoing link`. */
function withArticle(noun: string): string {
  return `${/^([aio]|e(?!u)|u(?!s|n[iu]))/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** The last word of a phrase made singular: `outgoing links` → `outgoing link`. */
function singularPhrase(phrase: string): string {
  const list = phrase.split(' ');
  list[list.length - 1] = singular(list[list.length - 1] as string);
  return list.join(' ');
}

const ITEM_VERBS: Readonly<Record<HttpMethod, string>> = {
  GET: 'Retrieve',
  POST: 'Update',
  PUT: 'Update',
  PATCH: 'Update',
  DELETE: 'Delete',
};

/**
 * The summary of an operation: a verb (`List`/`Create` on a collection, `Retrieve`/`Update`/
 * `Delete` on anything else) and what it acts on, owners named after `of` (`of a user`).
 *
 * @example
 * ```ts
 * operationSummary('GET', [{ text: 'posts' }], { collection: true, namespace: 'cms/v2' });                    // 'List posts'
 * operationSummary('POST', [{ text: 'tags' }], { collection: true, namespace: 'cms/v2' });                    // 'Create a tag'
 * operationSummary('GET', [{ text: 'posts' }, { param: 'id' }], { collection: false, namespace: 'cms/v2' }); // 'Retrieve a post'
 * ```
 */
export function operationSummary(
  method: HttpMethod,
  parts: readonly PathPart[],
  options: { collection: boolean; namespace: string },
): string {
  if (parts.length === 0) {
    if (options.namespace === '')
      return method === 'GET' ? 'Retrieve the REST root index' : `${ITEM_VERBS[method]} the REST root`;
    return method === 'GET' ? `Retrieve the index of ${options.namespace}` : `Send to ${options.namespace}`;
  }
  // The subject: the last literal part (with any literal parts right before it), and the owners
  // (a literal part followed by a parameter) before those.
  let end = parts.length - 1;
  const item = 'param' in (parts[end] as PathPart);
  if (item) end--;
  let start = end;
  while (start > 0 && 'text' in (parts[start - 1] as PathPart)) start--;
  const subjectWords = parts
    .slice(start, end + 1)
    .map((part) => ('text' in part ? words(part.text) : ''))
    .join(' ');
  const owners: string[] = [];
  for (let i = start - 1; i >= 0; i--) {
    const part = parts[i] as PathPart;
    if ('text' in part) owners.push(withArticle(singularPhrase(words(part.text))));
  }
  const of = owners.map((owner) => ` of ${owner}`).join('');
  let subject: string;
  let verb: string;
  if (/(^| )me$/.test(subjectWords) && !item) {
    const owner = subjectWords.replace(/ ?me$/, '');
    subject = `the current ${owner === '' ? 'user' : singularPhrase(owner)}`;
    verb = ITEM_VERBS[method];
  } else if (options.collection) {
    verb = method === 'GET' ? 'List' : method === 'POST' ? 'Create' : ITEM_VERBS[method];
    if (method === 'POST') subject = withArticle(singularPhrase(subjectWords));
    else subject = method === 'GET' ? subjectWords : `the ${subjectWords}`;
  } else {
    verb = ITEM_VERBS[method];
    subject = item ? withArticle(singularPhrase(subjectWords)) : `the ${subjectWords}`;
  }
  return `${verb} ${subject}${of}`;
}
