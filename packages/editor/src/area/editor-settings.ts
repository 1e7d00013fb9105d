/**
 * The block editor settings of the host page: what WordPress 6.1's `edit-form-blocks.php`
 * passes to `get_block_editor_settings()` and what that function adds, produced from the
 * site's settings (media types and sizes, discussion options), the post type, and the theme
 * part recorded from the default theme (`default-theme-settings.json`, Twenty Twenty-Three
 * 1.0 on WordPress 6.1: colours, gradients, font sizes, spacing, the global styles' CSS).
 *
 * @module
 */
import {
  type AllowedFileType,
  DEFAULT_ALLOWED_TYPES,
  DEFAULT_IMAGE_SIZES,
  type ImageSize,
  type SiteOptions,
} from '@cms-json/content';
import type { BlockCategory, JsonObject } from '../boot-config.js';
import defaultTheme from './default-theme-settings.json' with { type: 'json' };

/**
 * The theme's part of the settings, recorded from WordPress 6.1 with Twenty Twenty-Three 1.0
 * (`default-theme-settings.record.sh`). Read through `JSON.parse` once: the module's inferred
 * type of the file is not a `JsonObject` (optional keys), its value is one.
 */
const THEME_SETTINGS: JsonObject = JSON.parse(JSON.stringify(defaultTheme.settings));

/** WordPress's `AUTOSAVE_INTERVAL`: seconds between autosaves. */
export const AUTOSAVE_INTERVAL = 60;

/** The largest upload the editor is told of when the site sets none (content's default, 64 MiB). */
const DEFAULT_MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** The sizes the image block offers, in WordPress's order and names (`image_size_names_choose`). */
const SIZE_NAMES: readonly [string, string][] = [
  ['thumbnail', 'Thumbnail'],
  ['medium', 'Medium'],
  ['large', 'Large'],
  ['full', 'Full Size'],
];

/** What the settings are made from. */
export interface EditorSettingsInput {
  /** The site options the editor reads (`default_comment_status`). */
  options: Pick<SiteOptions, 'default_comment_status'>;
  /** The uploads the site accepts: its media options, or nothing when the site has no media routes. */
  media?:
    | {
        allowedTypes?: readonly AllowedFileType[] | undefined;
        imageSizes?: readonly ImageSize[] | undefined;
        maxUploadBytes?: number | undefined;
      }
    | undefined;
  /** The block categories (`blockCategories`), in inserter order. */
  blockCategories: readonly BlockCategory[];
  /** The style sheet of the editor bundle, for the editor's iframe (`__unstableResolvedAssets`). */
  stylesheetUrl: string;
}

/**
 * The settings object of `initializeEditor(…)`: every key WordPress 6.1 gives, from the site.
 *
 * @example
 * const settings = editorSettings({ options, stylesheetUrl: '/cms-admin/assets/editor.css' });
 * settings.titlePlaceholder; // 'Add title'
 */
export function editorSettings(input: EditorSettingsInput): JsonObject {
  const allowedTypes = input.media === undefined ? [] : (input.media.allowedTypes ?? DEFAULT_ALLOWED_TYPES);
  const sizes = input.media?.imageSizes ?? DEFAULT_IMAGE_SIZES;
  const dimensions: JsonObject = {};
  for (const [slug] of SIZE_NAMES) {
    const size = sizes.find((candidate) => candidate.name === slug);
    if (size !== undefined) dimensions[slug] = { width: size.width, height: size.height, crop: size.crop };
  }
  const settings: JsonObject = {
    // get_block_editor_settings(): the site's part.
    allowedBlockTypes: true,
    allowedMimeTypes: Object.fromEntries(allowedTypes.map((type) => [type.extensions.join('|'), type.mimeType])),
    blockCategories: input.blockCategories.map((category) => ({ ...category })),
    isRTL: false,
    imageDefaultSize: 'large',
    imageDimensions: dimensions,
    imageEditing: true,
    imageSizes: SIZE_NAMES.filter(([slug]) => slug === 'full' || dimensions[slug] !== undefined).map(([slug, name]) => ({
      slug,
      name,
    })),
    maxUploadFileSize: input.media === undefined ? 0 : (input.media.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES),
    __unstableGalleryWithImageBlocks: true,
    // The theme's part (theme.json and theme supports).
    ...structuredClone(THEME_SETTINGS),
    __unstableResolvedAssets: {
      styles: `<link rel="stylesheet" href="${attribute(input.stylesheetUrl)}" media="all">`,
      scripts: '',
    },
    localAutosaveInterval: 15,
    __experimentalDiscussionSettings: {
      // WordPress's defaults for the options cms-json does not keep (comments are not paged or threaded here).
      commentOrder: 'asc',
      commentsPerPage: '50',
      defaultCommentsPage: 'newest',
      pageComments: '0',
      threadComments: '1',
      threadCommentsDepth: '5',
      defaultCommentStatus: input.options.default_comment_status,
      avatarURL: 'https://secure.gravatar.com/avatar/?s=96&d=mm&f=y&r=g',
    },
    // edit-form-blocks.php's part.
    availableTemplates: [],
    titlePlaceholder: 'Add title',
    bodyPlaceholder: 'Type / to choose a block',
    autosaveInterval: AUTOSAVE_INTERVAL,
    richEditingEnabled: true,
    // No post locks: the editor is told the record is free (no heartbeat takes or releases a lock here).
    postLock: { isLocked: false },
    // Block templates are not served: no template mode.
    supportsTemplateMode: false,
    __experimentalAdditionalBlockPatterns: [],
    __experimentalAdditionalBlockPatternCategories: [],
  };
  return settings;
}

function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
