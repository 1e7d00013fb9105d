/**
 * The site's theme as the block editor reads it (`/<prefix>/v2/themes?status=active`): a
 * declaration the site gives the content plugin (`theme`), or {@link DEFAULT_THEME}. cms-json
 * renders no theme; the declaration says what the editor should offer (wide alignment, the
 * featured image panel, the palette, …), as WordPress 6.1's `theme_supports` does: every
 * feature of {@link THEME_FEATURES}, the declared value or the feature's default.
 *
 * @module
 */
/** A feature's schema under `theme_supports`, as published (PHP's arrays as they come out in JSON). */
export type FeatureSchema = Readonly<Record<string, unknown>>;

/** One `{name, slug, color}` of `editor-color-palette`. */
export interface PaletteColor {
  readonly name: string;
  readonly slug: string;
  readonly color: string;
}

/** One `{name, size, slug}` of `editor-font-sizes`. */
export interface FontSize {
  readonly name: string;
  readonly size: number;
  readonly slug: string;
}

/** One `{name, gradient, slug}` of `editor-gradient-presets`. */
export interface GradientPreset {
  readonly name: string;
  readonly gradient: string;
  readonly slug: string;
}

/**
 * What a theme supports, by WordPress's feature names; a feature left out is its default
 * (`false`; `formats`: `['standard']`).
 *
 * @example
 * const supports: ThemeSupports = { 'align-wide': true, 'post-thumbnails': true, 'responsive-embeds': true };
 */
export interface ThemeSupports {
  readonly 'align-wide'?: boolean;
  readonly 'automatic-feed-links'?: boolean;
  readonly 'block-templates'?: boolean;
  readonly 'block-template-parts'?: boolean;
  readonly 'custom-background'?: boolean | Readonly<Record<string, string>>;
  readonly 'custom-header'?: boolean | Readonly<Record<string, string | number | boolean>>;
  readonly 'custom-logo'?: boolean | Readonly<Record<string, number | boolean | readonly string[]>>;
  readonly 'customize-selective-refresh-widgets'?: boolean;
  readonly 'dark-editor-style'?: boolean;
  readonly 'disable-custom-colors'?: boolean;
  readonly 'disable-custom-font-sizes'?: boolean;
  readonly 'disable-custom-gradients'?: boolean;
  readonly 'disable-layout-styles'?: boolean;
  readonly 'editor-color-palette'?: false | readonly PaletteColor[];
  readonly 'editor-font-sizes'?: false | readonly FontSize[];
  readonly 'editor-gradient-presets'?: false | readonly GradientPreset[];
  readonly 'editor-styles'?: boolean;
  readonly html5?:
    | false
    | readonly ('search-form' | 'comment-form' | 'comment-list' | 'gallery' | 'caption' | 'script' | 'style')[];
  readonly formats?: readonly (
    | 'standard'
    | 'aside'
    | 'chat'
    | 'gallery'
    | 'link'
    | 'image'
    | 'quote'
    | 'status'
    | 'video'
    | 'audio'
  )[];
  /** `true` for every post type, or the post types whose records have a featured image. */
  readonly 'post-thumbnails'?: boolean | readonly string[];
  readonly 'responsive-embeds'?: boolean;
  readonly 'title-tag'?: boolean;
  readonly 'wp-block-styles'?: boolean;
}

/**
 * The site's theme, as a theme's `style.css` header declares it to WordPress.
 *
 * @example
 * const theme: ThemeDeclaration = { stylesheet: 'my-site', name: 'My site', supports: { 'align-wide': true } };
 */
export interface ThemeDeclaration {
  /** The theme's directory name, which identifies it (`/themes/<stylesheet>`). */
  readonly stylesheet: string;
  /** The parent theme of a child theme. @default the stylesheet */
  readonly template?: string | undefined;
  readonly name: string;
  readonly version?: string | undefined;
  readonly author?: string | undefined;
  readonly authorUri?: string | undefined;
  readonly description?: string | undefined;
  readonly themeUri?: string | undefined;
  readonly tags?: readonly string[] | undefined;
  readonly textdomain?: string | undefined;
  readonly requiresPhp?: string | undefined;
  readonly requiresWp?: string | undefined;
  /** The screenshot's absolute URL. @default '' */
  readonly screenshot?: string | undefined;
  readonly supports?: ThemeSupports | undefined;
}

/**
 * The theme of a site that declares none: what the block editor needs of a theme to offer
 * its usual tools (wide and full alignment, responsive embeds, featured images).
 */
export const DEFAULT_THEME: ThemeDeclaration = {
  stylesheet: 'cms-json',
  name: 'cms-json',
  version: '1.0',
  author: 'cms-json',
  description: 'The theme a cms-json site declares when it declares none: what the block editor offers its authors.',
  textdomain: 'cms-json',
  supports: {
    'align-wide': true,
    'automatic-feed-links': true,
    'editor-styles': true,
    html5: ['search-form', 'comment-form', 'comment-list', 'gallery', 'caption', 'style', 'script'],
    'post-thumbnails': true,
    'responsive-embeds': true,
    'title-tag': true,
    'wp-block-styles': true,
  },
};

const BOOLEAN_FEATURES: readonly (readonly [string, string])[] = [
  ['align-wide', 'Whether theme opts in to wide alignment CSS class.'],
  ['automatic-feed-links', 'Whether posts and comments RSS feed links are added to head.'],
  ['block-templates', 'Whether a theme uses block-based templates.'],
  ['block-template-parts', 'Whether a theme uses block-based template parts.'],
];

const bool = (description: string): FeatureSchema => ({ description, type: 'boolean', default: false });
const presets = (description: string, item: Record<string, string>): FeatureSchema => ({
  description,
  type: ['boolean', 'array'],
  default: false,
  items: {
    type: 'object',
    properties: Object.fromEntries(Object.entries(item).map(([name, type]) => [name, { type }])),
    additionalProperties: false,
  },
});
const objectOrBoolean = (description: string, properties: Record<string, FeatureSchema>): FeatureSchema => ({
  description,
  type: ['boolean', 'object'],
  default: false,
  properties,
  additionalProperties: false,
});
const POSITIONS = { type: 'string', enum: ['left', 'center', 'right'] };

/**
 * The theme features WordPress 6.1 registers for REST (`register_theme_feature`), in its
 * order, with the schema each has under `theme_supports`.
 */
export const THEME_FEATURES: Readonly<Record<string, FeatureSchema>> = {
  ...Object.fromEntries(BOOLEAN_FEATURES.map(([name, description]) => [name, bool(description)])),
  'custom-background': objectOrBoolean('Custom background if defined by the theme.', {
    'default-image': { type: 'string', format: 'uri' },
    'default-preset': { type: 'string', enum: ['default', 'fill', 'fit', 'repeat', 'custom'] },
    'default-position-x': POSITIONS,
    'default-position-y': POSITIONS,
    'default-size': { type: 'string', enum: ['auto', 'contain', 'cover'] },
    'default-repeat': { type: 'string', enum: ['repeat-x', 'repeat-y', 'repeat', 'no-repeat'] },
    'default-attachment': { type: 'string', enum: ['scroll', 'fixed'] },
    'default-color': { type: 'string' },
  }),
  'custom-header': objectOrBoolean('Custom header if defined by the theme.', {
    'default-image': { type: 'string', format: 'uri' },
    'random-default': { type: 'boolean' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    'flex-height': { type: 'boolean' },
    'flex-width': { type: 'boolean' },
    'default-text-color': { type: 'string' },
    'header-text': { type: 'boolean' },
    uploads: { type: 'boolean' },
    video: { type: 'boolean' },
  }),
  'custom-logo': objectOrBoolean('Custom logo if defined by the theme.', {
    width: { type: 'integer' },
    height: { type: 'integer' },
    'flex-width': { type: 'boolean' },
    'flex-height': { type: 'boolean' },
    'header-text': { type: 'array', items: { type: 'string' } },
    'unlink-homepage-logo': { type: 'boolean' },
  }),
  'customize-selective-refresh-widgets': bool(
    'Whether the theme enables Selective Refresh for Widgets being managed with the Customizer.',
  ),
  'dark-editor-style': bool('Whether theme opts in to the dark editor style UI.'),
  'disable-custom-colors': bool('Whether the theme disables custom colors.'),
  'disable-custom-font-sizes': bool('Whether the theme disables custom font sizes.'),
  'disable-custom-gradients': bool('Whether the theme disables custom gradients.'),
  'disable-layout-styles': bool('Whether the theme disables generated layout styles.'),
  'editor-color-palette': presets('Custom color palette if defined by the theme.', {
    name: 'string',
    slug: 'string',
    color: 'string',
  }),
  'editor-font-sizes': presets('Custom font sizes if defined by the theme.', { name: 'string', size: 'number', slug: 'string' }),
  'editor-gradient-presets': presets('Custom gradient presets if defined by the theme.', {
    name: 'string',
    gradient: 'string',
    slug: 'string',
  }),
  'editor-styles': bool('Whether theme opts in to the editor styles CSS wrapper.'),
  html5: {
    description: 'Allows use of HTML5 markup for search forms, comment forms, comment lists, gallery, and caption.',
    type: ['boolean', 'array'],
    default: false,
    items: { type: 'string', enum: ['search-form', 'comment-form', 'comment-list', 'gallery', 'caption', 'script', 'style'] },
  },
  formats: {
    description: 'Post formats supported.',
    type: 'array',
    default: ['standard'],
    items: {
      type: 'string',
      // As the original publishes it: PHP's associative array of the formats, an object in JSON.
      enum: Object.fromEntries(
        ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'].map((f) => [f, f]),
      ),
    },
  },
  'post-thumbnails': {
    description: 'The post types that support thumbnails or true if all post types are supported.',
    type: ['boolean', 'array'],
    default: false,
    items: { type: 'string' },
  },
  'responsive-embeds': bool('Whether the theme supports responsive embedded content.'),
  'title-tag': bool('Whether the theme can manage the document title tag.'),
  'wp-block-styles': bool('Whether theme opts in to default WordPress block styles for viewing.'),
};

/**
 * A theme's `theme_supports`: every feature of {@link THEME_FEATURES}, in order, the declared
 * value or the feature's default.
 *
 * @example
 * themeSupports(DEFAULT_THEME)['align-wide']; // true
 */
export function themeSupports(theme: ThemeDeclaration): Record<string, unknown> {
  const declared: Readonly<Record<string, unknown>> = { ...theme.supports };
  return Object.fromEntries(
    Object.entries(THEME_FEATURES).map(([name, schema]) => {
      const value = declared[name];
      return [name, value === undefined ? schema.default : value];
    }),
  );
}
