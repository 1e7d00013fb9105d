/**
 * `/block-patterns/patterns` and `/block-patterns/categories` in the content namespace: the
 * block patterns WordPress 6.1 registers itself (`wp-includes/block-patterns/*.php`) and its
 * pattern categories, as it serves them when the pattern directory (api.wordpress.org) cannot
 * be reached and no theme adds patterns: a cms-json site has no theme and fetches nothing.
 * The patterns' block markup is data recorded from the original (`core-patterns.json`,
 * re-recorded by `../fixtures/record.mjs`).
 *
 * @module
 */
import { userCan } from '@cms-json/content';
import { defineRoute, denied, READABLE, type Route } from '@cms-json/core';
import { z } from 'zod';
import { blockError } from '../errors.js';
import corePatterns from './core-patterns.json' with { type: 'json' };
import patternCategories from './pattern-categories.json' with { type: 'json' };

const ALL = ['view', 'edit', 'embed'];
const strings = (description: string) => z.array(z.string()).readonly().meta({ description, context: ALL });

/** A block pattern (WordPress's `block-pattern` schema). */
export const BlockPatternSchema = z
  .object({
    name: z.string().readonly().meta({ description: 'The pattern name.', context: ALL }),
    title: z.string().readonly().meta({ description: 'The pattern title, in human readable format.', context: ALL }),
    description: z.string().readonly().meta({ description: 'The pattern detailed description.', context: ALL }),
    viewport_width: z.number().readonly().meta({ description: 'The pattern viewport width for inserter preview.', context: ALL }),
    block_types: strings('Block types that the pattern is intended to be used with.'),
    post_types: strings('An array of post types that the pattern is restricted to be used with.'),
    categories: strings('The pattern category slugs.'),
    keywords: strings('The pattern keywords.'),
    content: z.string().readonly().meta({ description: 'The pattern content.', context: ALL }),
    inserter: z
      .boolean()
      .readonly()
      .meta({ description: 'Determines whether the pattern is visible in inserter.', context: ALL }),
  })
  .partial()
  .meta({ title: 'block-pattern' });

/** A block pattern category (WordPress's `block-pattern-category` schema). */
export const BlockPatternCategorySchema = z
  .object({
    name: z.string().readonly().meta({ description: 'The category name.', context: ALL }),
    label: z.string().readonly().meta({ description: 'The category label, in human readable format.', context: ALL }),
  })
  .meta({ title: 'block-pattern-category' });

/** The core patterns, in the original's order. */
export const CORE_PATTERNS: readonly z.output<typeof BlockPatternSchema>[] = corePatterns;

/** The core pattern categories, in the original's order. */
export const PATTERN_CATEGORIES: readonly z.output<typeof BlockPatternCategorySchema>[] = patternCategories;

/**
 * The block patterns routes, relative to the content namespace; both need `edit_posts`, as in
 * the original (401 anonymous, 403 signed in, `rest_cannot_view`).
 *
 * @example
 * server.register('wp/v2', ...blockPatternsRoutes());
 */
export function blockPatternsRoutes(): Route[] {
  const patterns = defineRoute({
    path: '/block-patterns/patterns',
    schema: BlockPatternSchema,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: (request) => userCan(request, 'edit_posts') || denied(request, blockError('rest_cannot_view.patterns')),
        summary: 'List the block patterns',
        handler: () => CORE_PATTERNS.map((pattern) => ({ ...pattern })),
      }),
    ],
  });
  const categories = defineRoute({
    path: '/block-patterns/categories',
    schema: BlockPatternCategorySchema,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: (request) =>
          userCan(request, 'edit_posts') || denied(request, blockError('rest_cannot_view.pattern_categories')),
        summary: 'List the block pattern categories',
        handler: () => PATTERN_CATEGORIES.map((category) => ({ ...category })),
      }),
    ],
  });
  return [patterns, categories];
}
