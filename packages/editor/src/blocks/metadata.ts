/**
 * The core block types WordPress 6.1 registers, from the `block.json` files of
 * `@wordpress/block-library` (7.14.16, whose metadata is WordPress 6.1's
 * `wp-includes/blocks/<name>/block.json`; imported, so the package's build bundles them), in the original's registration order, with what the
 * original's PHP adds at registration: which blocks it renders on the server, the variations
 * it computes, and the legacy `core/post-comments` block.
 *
 * Not served: `core/legacy-widget` and `core/widget-group`, which WordPress registers from
 * `@wordpress/widgets`' metadata (not a dependency of this package), and the experimental
 * blocks of the package that WordPress 6.1 does not register (`core/table-of-contents`, …).
 *
 * @module
 */
import archivesJson from '@wordpress/block-library/src/archives/block.json' with { type: 'json' };
import audioJson from '@wordpress/block-library/src/audio/block.json' with { type: 'json' };
import avatarJson from '@wordpress/block-library/src/avatar/block.json' with { type: 'json' };
import blockJson from '@wordpress/block-library/src/block/block.json' with { type: 'json' };
import buttonJson from '@wordpress/block-library/src/button/block.json' with { type: 'json' };
import buttonsJson from '@wordpress/block-library/src/buttons/block.json' with { type: 'json' };
import calendarJson from '@wordpress/block-library/src/calendar/block.json' with { type: 'json' };
import categoriesJson from '@wordpress/block-library/src/categories/block.json' with { type: 'json' };
import codeJson from '@wordpress/block-library/src/code/block.json' with { type: 'json' };
import columnJson from '@wordpress/block-library/src/column/block.json' with { type: 'json' };
import columnsJson from '@wordpress/block-library/src/columns/block.json' with { type: 'json' };
import commentAuthorNameJson from '@wordpress/block-library/src/comment-author-name/block.json' with { type: 'json' };
import commentContentJson from '@wordpress/block-library/src/comment-content/block.json' with { type: 'json' };
import commentDateJson from '@wordpress/block-library/src/comment-date/block.json' with { type: 'json' };
import commentEditLinkJson from '@wordpress/block-library/src/comment-edit-link/block.json' with { type: 'json' };
import commentReplyLinkJson from '@wordpress/block-library/src/comment-reply-link/block.json' with { type: 'json' };
import commentTemplateJson from '@wordpress/block-library/src/comment-template/block.json' with { type: 'json' };
import commentsJson from '@wordpress/block-library/src/comments/block.json' with { type: 'json' };
import commentsPaginationJson from '@wordpress/block-library/src/comments-pagination/block.json' with { type: 'json' };
import commentsPaginationNextJson from '@wordpress/block-library/src/comments-pagination-next/block.json' with { type: 'json' };
import commentsPaginationNumbersJson from '@wordpress/block-library/src/comments-pagination-numbers/block.json' with {
  type: 'json',
};
import commentsPaginationPreviousJson from '@wordpress/block-library/src/comments-pagination-previous/block.json' with {
  type: 'json',
};
import commentsTitleJson from '@wordpress/block-library/src/comments-title/block.json' with { type: 'json' };
import coverJson from '@wordpress/block-library/src/cover/block.json' with { type: 'json' };
import embedJson from '@wordpress/block-library/src/embed/block.json' with { type: 'json' };
import fileJson from '@wordpress/block-library/src/file/block.json' with { type: 'json' };
import freeformJson from '@wordpress/block-library/src/freeform/block.json' with { type: 'json' };
import galleryJson from '@wordpress/block-library/src/gallery/block.json' with { type: 'json' };
import groupJson from '@wordpress/block-library/src/group/block.json' with { type: 'json' };
import headingJson from '@wordpress/block-library/src/heading/block.json' with { type: 'json' };
import homeLinkJson from '@wordpress/block-library/src/home-link/block.json' with { type: 'json' };
import htmlJson from '@wordpress/block-library/src/html/block.json' with { type: 'json' };
import imageJson from '@wordpress/block-library/src/image/block.json' with { type: 'json' };
import latestCommentsJson from '@wordpress/block-library/src/latest-comments/block.json' with { type: 'json' };
import latestPostsJson from '@wordpress/block-library/src/latest-posts/block.json' with { type: 'json' };
import listJson from '@wordpress/block-library/src/list/block.json' with { type: 'json' };
import listItemJson from '@wordpress/block-library/src/list-item/block.json' with { type: 'json' };
import loginoutJson from '@wordpress/block-library/src/loginout/block.json' with { type: 'json' };
import mediaTextJson from '@wordpress/block-library/src/media-text/block.json' with { type: 'json' };
import missingJson from '@wordpress/block-library/src/missing/block.json' with { type: 'json' };
import moreJson from '@wordpress/block-library/src/more/block.json' with { type: 'json' };
import navigationJson from '@wordpress/block-library/src/navigation/block.json' with { type: 'json' };
import navigationLinkJson from '@wordpress/block-library/src/navigation-link/block.json' with { type: 'json' };
import navigationSubmenuJson from '@wordpress/block-library/src/navigation-submenu/block.json' with { type: 'json' };
import nextpageJson from '@wordpress/block-library/src/nextpage/block.json' with { type: 'json' };
import pageListJson from '@wordpress/block-library/src/page-list/block.json' with { type: 'json' };
import paragraphJson from '@wordpress/block-library/src/paragraph/block.json' with { type: 'json' };
import patternJson from '@wordpress/block-library/src/pattern/block.json' with { type: 'json' };
import postAuthorJson from '@wordpress/block-library/src/post-author/block.json' with { type: 'json' };
import postAuthorBiographyJson from '@wordpress/block-library/src/post-author-biography/block.json' with { type: 'json' };
import postCommentsFormJson from '@wordpress/block-library/src/post-comments-form/block.json' with { type: 'json' };
import postContentJson from '@wordpress/block-library/src/post-content/block.json' with { type: 'json' };
import postDateJson from '@wordpress/block-library/src/post-date/block.json' with { type: 'json' };
import postExcerptJson from '@wordpress/block-library/src/post-excerpt/block.json' with { type: 'json' };
import postFeaturedImageJson from '@wordpress/block-library/src/post-featured-image/block.json' with { type: 'json' };
import postNavigationLinkJson from '@wordpress/block-library/src/post-navigation-link/block.json' with { type: 'json' };
import postTemplateJson from '@wordpress/block-library/src/post-template/block.json' with { type: 'json' };
import postTermsJson from '@wordpress/block-library/src/post-terms/block.json' with { type: 'json' };
import postTitleJson from '@wordpress/block-library/src/post-title/block.json' with { type: 'json' };
import preformattedJson from '@wordpress/block-library/src/preformatted/block.json' with { type: 'json' };
import pullquoteJson from '@wordpress/block-library/src/pullquote/block.json' with { type: 'json' };
import queryJson from '@wordpress/block-library/src/query/block.json' with { type: 'json' };
import queryNoResultsJson from '@wordpress/block-library/src/query-no-results/block.json' with { type: 'json' };
import queryPaginationJson from '@wordpress/block-library/src/query-pagination/block.json' with { type: 'json' };
import queryPaginationNextJson from '@wordpress/block-library/src/query-pagination-next/block.json' with { type: 'json' };
import queryPaginationNumbersJson from '@wordpress/block-library/src/query-pagination-numbers/block.json' with { type: 'json' };
import queryPaginationPreviousJson from '@wordpress/block-library/src/query-pagination-previous/block.json' with { type: 'json' };
import queryTitleJson from '@wordpress/block-library/src/query-title/block.json' with { type: 'json' };
import quoteJson from '@wordpress/block-library/src/quote/block.json' with { type: 'json' };
import readMoreJson from '@wordpress/block-library/src/read-more/block.json' with { type: 'json' };
import rssJson from '@wordpress/block-library/src/rss/block.json' with { type: 'json' };
import searchJson from '@wordpress/block-library/src/search/block.json' with { type: 'json' };
import separatorJson from '@wordpress/block-library/src/separator/block.json' with { type: 'json' };
import shortcodeJson from '@wordpress/block-library/src/shortcode/block.json' with { type: 'json' };
import siteLogoJson from '@wordpress/block-library/src/site-logo/block.json' with { type: 'json' };
import siteTaglineJson from '@wordpress/block-library/src/site-tagline/block.json' with { type: 'json' };
import siteTitleJson from '@wordpress/block-library/src/site-title/block.json' with { type: 'json' };
import socialLinkJson from '@wordpress/block-library/src/social-link/block.json' with { type: 'json' };
import socialLinksJson from '@wordpress/block-library/src/social-links/block.json' with { type: 'json' };
import spacerJson from '@wordpress/block-library/src/spacer/block.json' with { type: 'json' };
import tableJson from '@wordpress/block-library/src/table/block.json' with { type: 'json' };
import tagCloudJson from '@wordpress/block-library/src/tag-cloud/block.json' with { type: 'json' };
import templatePartJson from '@wordpress/block-library/src/template-part/block.json' with { type: 'json' };
import termDescriptionJson from '@wordpress/block-library/src/term-description/block.json' with { type: 'json' };
import textColumnsJson from '@wordpress/block-library/src/text-columns/block.json' with { type: 'json' };
import verseJson from '@wordpress/block-library/src/verse/block.json' with { type: 'json' };
import videoJson from '@wordpress/block-library/src/video/block.json' with { type: 'json' };
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

/**
 * The `block.json` of each core block, imported from `@wordpress/block-library` so the build
 * bundles them: the published package reads no file of a package it does not install.
 */
const BLOCK_JSON: Readonly<Record<string, unknown>> = {
  archives: archivesJson,
  avatar: avatarJson,
  block: blockJson,
  calendar: calendarJson,
  categories: categoriesJson,
  'comment-author-name': commentAuthorNameJson,
  'comment-content': commentContentJson,
  'comment-date': commentDateJson,
  'comment-edit-link': commentEditLinkJson,
  'comment-reply-link': commentReplyLinkJson,
  'comment-template': commentTemplateJson,
  comments: commentsJson,
  'comments-pagination': commentsPaginationJson,
  'comments-pagination-next': commentsPaginationNextJson,
  'comments-pagination-numbers': commentsPaginationNumbersJson,
  'comments-pagination-previous': commentsPaginationPreviousJson,
  'comments-title': commentsTitleJson,
  cover: coverJson,
  file: fileJson,
  gallery: galleryJson,
  'home-link': homeLinkJson,
  image: imageJson,
  'latest-comments': latestCommentsJson,
  'latest-posts': latestPostsJson,
  loginout: loginoutJson,
  navigation: navigationJson,
  'navigation-link': navigationLinkJson,
  'navigation-submenu': navigationSubmenuJson,
  'page-list': pageListJson,
  pattern: patternJson,
  'post-author': postAuthorJson,
  'post-author-biography': postAuthorBiographyJson,
  'post-comments-form': postCommentsFormJson,
  'post-content': postContentJson,
  'post-date': postDateJson,
  'post-excerpt': postExcerptJson,
  'post-featured-image': postFeaturedImageJson,
  'post-navigation-link': postNavigationLinkJson,
  'post-template': postTemplateJson,
  'post-terms': postTermsJson,
  'post-title': postTitleJson,
  query: queryJson,
  'query-no-results': queryNoResultsJson,
  'query-pagination': queryPaginationJson,
  'query-pagination-next': queryPaginationNextJson,
  'query-pagination-numbers': queryPaginationNumbersJson,
  'query-pagination-previous': queryPaginationPreviousJson,
  'query-title': queryTitleJson,
  'read-more': readMoreJson,
  rss: rssJson,
  search: searchJson,
  shortcode: shortcodeJson,
  'site-logo': siteLogoJson,
  'site-tagline': siteTaglineJson,
  'site-title': siteTitleJson,
  'social-link': socialLinkJson,
  'tag-cloud': tagCloudJson,
  'template-part': templatePartJson,
  'term-description': termDescriptionJson,
  audio: audioJson,
  button: buttonJson,
  buttons: buttonsJson,
  code: codeJson,
  column: columnJson,
  columns: columnsJson,
  embed: embedJson,
  freeform: freeformJson,
  group: groupJson,
  heading: headingJson,
  html: htmlJson,
  list: listJson,
  'list-item': listItemJson,
  'media-text': mediaTextJson,
  missing: missingJson,
  more: moreJson,
  nextpage: nextpageJson,
  paragraph: paragraphJson,
  preformatted: preformattedJson,
  pullquote: pullquoteJson,
  quote: quoteJson,
  separator: separatorJson,
  'social-links': socialLinksJson,
  spacer: spacerJson,
  table: tableJson,
  'text-columns': textColumnsJson,
  verse: verseJson,
  video: videoJson,
};

function readMetadata(name: string): BlockMetadata {
  const parsed = BLOCK_JSON[name];
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { name?: unknown }).name !== 'string') {
    throw new Error(`@wordpress/block-library/src/${name}/block.json: not a block.json (no "name")`);
  }
  // A block.json is the metadata object; its fields are checked where they are read (and
  // blockTypeFromMetadata copies it: the bundled object is shared by every server of the process).
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
  const out: CoreBlock[] = [];
  for (const name of DYNAMIC_CORE_BLOCKS) {
    const metadata = readMetadata(name);
    const options: BlockTypeOptions = { dynamic: name !== 'query' };
    if (name === 'template-part') options.overrides = { variations: TEMPLATE_PART_AREA_VARIATIONS };
    out.push({ metadata, options });
  }
  for (const name of STATIC_CORE_BLOCKS) out.push({ metadata: readMetadata(name), options: {} });
  out.push({ metadata: LEGACY_POST_COMMENTS, options: { dynamic: true } });
  return out;
}
