/**
 * The core block types WordPress 6.1 registers, read from the `block.json` files of the
 * installed `@wordpress/block-library` (7.14.16, whose metadata is WordPress 6.1's
 * `wp-includes/blocks/<name>/block.json`), in the original's registration order, with what the
 * original's PHP adds at registration: which blocks it renders on the server, the variations
 * it computes, and the legacy `core/post-comments` block.
 *
 * Not served: `core/legacy-widget` and `core/widget-group`, which WordPress registers from
 * `@wordpress/widgets`' metadata (not a dependency of this package), and the experimental
 * blocks of the package that WordPress 6.1 does not register (`core/table-of-contents`, …).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { JsonObject } from '../boot-config.js';
import type { BlockMetadata, BlockTypeOptions } from './block-type.js';

/**
 * The core blocks WordPress 6.1 renders on the server (`wp-includes/blocks/require-dynamic-blocks.php`,
 * each registered with a `render_callback`), in registration order. `core/query` is loaded
 * there too but registered without one, so it is not dynamic.
 */
const DYNAMIC_CORE_BLOCKS = [
  'archives',
  'avatar',
  'block',
  'calendar',
  'categories',
  'comment-author-name',
  'comment-content',
  'comment-date',
  'comment-edit-link',
  'comment-reply-link',
  'comment-template',
  'comments',
  'comments-pagination',
  'comments-pagination-next',
  'comments-pagination-numbers',
  'comments-pagination-previous',
  'comments-title',
  'cover',
  'file',
  'gallery',
  'home-link',
  'image',
  'latest-comments',
  'latest-posts',
  'loginout',
  'navigation',
  'navigation-link',
  'navigation-submenu',
  'page-list',
  'pattern',
  'post-author',
  'post-author-biography',
  'post-comments-form',
  'post-content',
  'post-date',
  'post-excerpt',
  'post-featured-image',
  'post-navigation-link',
  'post-template',
  'post-terms',
  'post-title',
  'query',
  'query-no-results',
  'query-pagination',
  'query-pagination-next',
  'query-pagination-numbers',
  'query-pagination-previous',
  'query-title',
  'read-more',
  'rss',
  'search',
  'shortcode',
  'site-logo',
  'site-tagline',
  'site-title',
  'social-link',
  'tag-cloud',
  'template-part',
  'term-description',
] as const;

/** The core blocks registered from metadata alone (`wp-includes/blocks/require-static-blocks.php`), after the dynamic ones. */
const STATIC_CORE_BLOCKS = [
  'audio',
  'button',
  'buttons',
  'code',
  'column',
  'columns',
  'embed',
  'freeform',
  'group',
  'heading',
  'html',
  'list',
  'list-item',
  'media-text',
  'missing',
  'more',
  'nextpage',
  'paragraph',
  'preformatted',
  'pullquote',
  'quote',
  'separator',
  'social-links',
  'spacer',
  'table',
  'text-columns',
  'verse',
  'video',
] as const;

/** The legacy `core/post-comments` block WordPress 6.1 registers in PHP (`register_legacy_post_comments_block`), last. */
const LEGACY_POST_COMMENTS: BlockMetadata = {
  name: 'core/post-comments',
  category: 'theme',
  attributes: { textAlign: { type: 'string' } },
  usesContext: ['postId', 'postType'],
  supports: {
    html: false,
    align: ['wide', 'full'],
    typography: {
      fontSize: true,
      lineHeight: true,
      __experimentalFontStyle: true,
      __experimentalFontWeight: true,
      __experimentalLetterSpacing: true,
      __experimentalTextTransform: true,
      __experimentalDefaultControls: { fontSize: true },
    },
    color: { gradients: true, link: true, __experimentalDefaultControls: { background: true, text: true } },
    inserter: false,
  },
  style: ['wp-block-post-comments', 'wp-block-buttons', 'wp-block-button'],
  // Registered with register_block_type(), not from metadata: no default editor style handle.
  editorStyle: [],
};

/** The template part areas the `core/template-part` block offers as variations (`get_allowed_block_template_part_areas`, but the uncategorized one). */
const TEMPLATE_PART_AREA_VARIATIONS: JsonObject[] = [
  {
    name: 'header',
    title: 'Header',
    description: 'The Header template defines a page area that typically contains a title, logo, and main navigation.',
    attributes: { area: 'header' },
    scope: ['inserter'],
    icon: 'header',
  },
  {
    name: 'footer',
    title: 'Footer',
    description:
      'The Footer template defines a page area that typically contains site credits, social links, or any other combination of blocks.',
    attributes: { area: 'footer' },
    scope: ['inserter'],
    icon: 'footer',
  },
];

/** One core block to register: its metadata and the registration's options (renderers come later, from the renderers module). */
export interface CoreBlock {
  readonly metadata: BlockMetadata;
  readonly options: BlockTypeOptions;
}

/** The directory of the installed `@wordpress/block-library`'s sources, where each block's `block.json` is. */
function blockLibrarySources(): string {
  const packageJson = createRequire(import.meta.url).resolve('@wordpress/block-library/package.json');
  return join(dirname(packageJson), 'src');
}

function readMetadata(directory: string, name: string): BlockMetadata {
  const file = join(directory, name, 'block.json');
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { name?: unknown }).name !== 'string') {
    throw new Error(`${file}: not a block.json (no "name")`);
  }
  // A block.json is the metadata object; its fields are checked where they are read.
  return parsed as BlockMetadata;
}

/**
 * The core block types of WordPress 6.1, in its registration order, read from
 * `@wordpress/block-library`'s `block.json` files, each with the options of its PHP
 * registration (dynamic or not, computed variations are added by the registry).
 *
 * @example
 * coreBlocks().map((block) => block.metadata.name); // ['core/archives', 'core/avatar', …, 'core/post-comments']
 */
export function coreBlocks(): CoreBlock[] {
  const directory = blockLibrarySources();
  const out: CoreBlock[] = [];
  for (const name of DYNAMIC_CORE_BLOCKS) {
    const metadata = readMetadata(directory, name);
    const options: BlockTypeOptions = { dynamic: name !== 'query' };
    if (name === 'template-part') options.overrides = { variations: TEMPLATE_PART_AREA_VARIATIONS };
    out.push({ metadata, options });
  }
  for (const name of STATIC_CORE_BLOCKS) out.push({ metadata: readMetadata(directory, name), options: {} });
  out.push({ metadata: LEGACY_POST_COMMENTS, options: { dynamic: true } });
  return out;
}
