/**
 * The click counter: `GET {base_url}/out/<slug>` redirects (302) to the link and adds exactly
 * one to its `count`, atomically, however many clicks arrive at once. An unknown slug is a
 * 404 page.
 *
 * @module
 */
import type { PageDefinition } from '@cms-json/core';
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
export function clickCounterPage(store: OutgoingLinksStore): PageDefinition {
  return {
    path: '/out/:slug',
    handler: async ({ params, method }) => {
      const slug = params.slug ?? '';
      // HEAD answers like GET but counts nothing: it is not a visit.
      const target = !SLUG.test(slug) ? undefined : method === 'HEAD' ? await store.target(slug) : await store.click(slug);
      if (target === undefined) {
        return { status: 404, body: '<!doctype html><title>Not found</title><h1>Not found</h1><p>No link with that name.</p>\n' };
      }
      return { status: 302, headers: { Location: locationOf(target), 'Cache-Control': 'no-store' }, body: '' };
    },
  };
}
