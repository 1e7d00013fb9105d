/**
 * The click counter: `GET {base_url}/out/<slug>` redirects (302) to the link and adds exactly
 * one to its `count`, atomically, however many clicks arrive at once. An unknown slug is a
 * 404 page.
 *
 * @module
 */
import type { PageDefinition } from '@cms-json/core';
import { LINKS_KEY, linkKey, type PurgeKeys } from './cache-keys.js';
import type { OutgoingLinksStore } from './store.js';

const SLUG = /^[A-Za-z0-9_-]+$/;

/** A `Location` value: non-ASCII characters percent-encoded (`https://例え.jp/パス` → punycode and `%E3…`). */
function locationOf(link: string): string {
  try {
    return new URL(link).href;
  } catch {
    return encodeURI(link);
  }
}

/** The `/out/:slug` page. */
export function clickCounterPage(store: OutgoingLinksStore, options: { purge?: PurgeKeys | undefined } = {}): PageDefinition {
  // A click moves the link's `count`: the link's answers and the lists are purged.
  const click = async (slug: string) => {
    const clicked = await store.click(slug);
    if (clicked !== undefined) await options.purge?.([linkKey(clicked.id), LINKS_KEY]);
    return clicked?.link;
  };
  return {
    path: '/out/:slug',
    handler: async ({ params, method }) => {
      const slug = params.slug ?? '';
      // HEAD answers like GET but counts nothing: it is not a visit.
      const target = !SLUG.test(slug) ? undefined : method === 'HEAD' ? await store.target(slug) : await click(slug);
      if (target === undefined) {
        return { status: 404, body: '<!doctype html><title>Not found</title><h1>Not found</h1><p>No link with that name.</p>\n' };
      }
      return { status: 302, headers: { Location: locationOf(target), 'Cache-Control': 'no-store' }, body: '' };
    },
  };
}
