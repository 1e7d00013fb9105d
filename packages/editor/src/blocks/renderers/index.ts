/**
 * The renderers of the core dynamic blocks this package renders on the server: the latest
 * posts, latest comments, categories, archives, calendar and tag cloud blocks.
 *
 * @module
 */
import type { RestServer } from '@cms-json/core';
import type { BlockRenderer } from '../block-type.js';
import { renderArchives } from './archives.js';
import { renderCalendar } from './calendar.js';
import { renderCategories } from './categories.js';
import { latestCommentsRenderer } from './latest-comments.js';
import { renderLatestPosts } from './latest-posts.js';
import { tagCloudRenderer } from './tag-cloud.js';

/**
 * Core block name → its renderer, for a server.
 *
 * @example
 * coreRenderers(server)['core/archives']; // renders the archives block
 */
export function coreRenderers(server: RestServer): Readonly<Record<string, BlockRenderer>> {
  return {
    'core/archives': renderArchives,
    'core/calendar': renderCalendar,
    'core/categories': renderCategories,
    'core/latest-comments': latestCommentsRenderer(server),
    'core/latest-posts': renderLatestPosts,
    'core/tag-cloud': tagCloudRenderer(server),
  };
}
