/**
 * `/themes` and `/themes/<stylesheet>`, as WordPress 6.1's themes controller: the site's one
 * theme (its declaration, see theme.ts), `active`. Whoever may `switch_themes` reads it in
 * any way; whoever may edit the records of some type (`edit_posts`) reads the active theme:
 * `?status=active` or its own stylesheet (what the block editor asks for); anyone else is
 * refused, `rest_cannot_view_active_theme` or `rest_cannot_view_themes` (401/403).
 *
 * @module
 */
import { defineRoute, denied, READABLE, type RestRequest, type Route, response } from '@cms-json/core';
import { z } from 'zod';
import { contentError } from '../errors.js';
import { escapeAttribute } from '../oembed/response-data.js';
import { userCan } from '../permissions.js';
import { THEME_FEATURES, type ThemeDeclaration, themeSupports } from './theme.js';

/**
 * What the routes need.
 *
 * @example
 * themesRoutes({ namespace: 'wp/v2', theme: DEFAULT_THEME, canEditSomeType: (request) => userCan(request, 'edit_posts') });
 */
export interface ThemesRoutesOptions {
  /** The content namespace (`cms/v2`, `wp/v2`). */
  readonly namespace: string;
  /** The site's theme. */
  readonly theme: ThemeDeclaration;
  /** May the caller edit the records of some type with routes (WordPress's `check_read_active_theme_permission`)? */
  readonly canEditSomeType: (request: RestRequest) => boolean;
}

const text = (description: string, raw: string, rendered: string) =>
  z
    .object({
      raw: z.string().meta({ description: raw }),
      rendered: z.string().meta({ description: rendered }),
    })
    .readonly()
    .meta({ description });
const uri = (description: string, raw: string, rendered: string) =>
  z
    .object({
      raw: z.string().meta({ description: raw, format: 'uri' }),
      rendered: z.string().meta({ description: rendered, format: 'uri' }),
    })
    .readonly()
    .meta({ description });

/** The theme record's schema, as the original publishes it (no contexts: every field in every one). */
const ThemeSchema = z
  .object({
    stylesheet: z.string().readonly().meta({ description: "The theme's stylesheet. This uniquely identifies the theme." }),
    template: z.string().readonly().meta({
      description:
        "The theme's template. If this is a child theme, this refers to the parent theme, otherwise this is the same as the theme's stylesheet.",
    }),
    author: text(
      'The theme author.',
      "The theme author's name, as found in the theme header.",
      'HTML for the theme author, transformed for display.',
    ),
    author_uri: uri(
      'The website of the theme author.',
      'The website of the theme author, as found in the theme header.',
      'The website of the theme author, transformed for display.',
    ),
    description: text(
      'A description of the theme.',
      'The theme description, as found in the theme header.',
      'The theme description, transformed for display.',
    ),
    name: text(
      'The name of the theme.',
      'The theme name, as found in the theme header.',
      'The theme name, transformed for display.',
    ),
    requires_php: z.string().readonly().meta({ description: 'The minimum PHP version required for the theme to work.' }),
    requires_wp: z.string().readonly().meta({ description: 'The minimum WordPress version required for the theme to work.' }),
    screenshot: z.string().readonly().meta({ description: "The theme's screenshot URL.", format: 'uri' }),
    tags: z
      .object({
        raw: z.array(z.string()).meta({ description: 'The theme tags, as found in the theme header.' }),
        rendered: z.string().meta({ description: 'The theme tags, transformed for display.' }),
      })
      .readonly()
      .meta({ description: 'Tags indicating styles and features of the theme.' }),
    textdomain: z.string().readonly().meta({ description: "The theme's text domain." }),
    theme_supports: z
      .record(z.string(), z.unknown())
      .readonly()
      .meta({
        description: 'Features supported by this theme.',
        published: {
          description: 'Features supported by this theme.',
          type: 'object',
          readonly: true,
          properties: THEME_FEATURES,
        },
      }),
    theme_uri: uri(
      "The URI of the theme's webpage.",
      "The URI of the theme's webpage, as found in the theme header.",
      "The URI of the theme's webpage, transformed for display.",
    ),
    version: z.string().readonly().meta({ description: "The theme's current version." }),
    status: z.enum(['inactive', 'active']).meta({ description: 'A named status for the theme.' }),
  })
  .meta({ title: 'theme' });

/** A theme record, as the routes answer it. */
export type ThemeRecord = z.output<typeof ThemeSchema>;

/**
 * The record of the theme, as the original's `prepare_item_for_response`: the header's
 * values raw and as displayed (the author linked to its site), and its `theme_supports`.
 *
 * @example
 * themeRecord(DEFAULT_THEME).status; // 'active'
 */
export function themeRecord(theme: ThemeDeclaration): ThemeRecord {
  const author = theme.author ?? '';
  const authorUri = theme.authorUri ?? '';
  const tags = [...(theme.tags ?? [])];
  return {
    stylesheet: theme.stylesheet,
    template: theme.template ?? theme.stylesheet,
    requires_php: theme.requiresPhp ?? '',
    requires_wp: theme.requiresWp ?? '',
    textdomain: theme.textdomain ?? '',
    version: theme.version ?? '',
    screenshot: theme.screenshot ?? '',
    author: {
      raw: author,
      rendered:
        authorUri !== '' && author !== ''
          ? `<a href="${escapeAttribute(authorUri)}">${escapeAttribute(author)}</a>`
          : escapeAttribute(author),
    },
    author_uri: { raw: authorUri, rendered: authorUri },
    description: { raw: theme.description ?? '', rendered: escapeAttribute(theme.description ?? '') },
    name: { raw: theme.name, rendered: escapeAttribute(theme.name) },
    tags: { raw: tags, rendered: tags.join(', ') },
    theme_uri: { raw: theme.themeUri ?? '', rendered: theme.themeUri ?? '' },
    status: 'active' as const,
    theme_supports: themeSupports(theme),
  };
}

/** The original's pattern of a stylesheet: a directory, or a directory in one. */
const STYLESHEET_PATTERN = '[^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?';

/**
 * The themes routes.
 *
 * @example
 * server.register('wp/v2', ...themesRoutes({ namespace: 'wp/v2', theme: DEFAULT_THEME, canEditSomeType }));
 */
export function themesRoutes(options: ThemesRoutesOptions): Route[] {
  const { namespace, theme, canEditSomeType } = options;
  const mayManage = (request: RestRequest) => userCan(request, 'switch_themes') || userCan(request, 'manage_network_themes');
  const activeRefusal = (request: RestRequest) =>
    canEditSomeType(request) ? true : denied(request, contentError('rest_cannot_view_active_theme'));
  const links = [
    { rel: 'self', href: `/${namespace}/themes/:stylesheet` },
    { rel: 'collection', href: `/${namespace}/themes` },
  ];

  const collection = defineRoute({
    path: '/themes',
    schema: ThemeSchema,
    links,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: {
          status: z
            .array(z.enum(['active', 'inactive']))
            .optional()
            .meta({ description: 'Limit result set to themes assigned one or more statuses.' }),
        },
        permission: (request, args) => {
          if (mayManage(request)) return true;
          if (args.status?.length === 1 && args.status[0] === 'active') return activeRefusal(request);
          return denied(request, contentError('rest_cannot_view_themes'));
        },
        handler: (args) => {
          // The site has its one theme, active.
          const themes = args.status === undefined || args.status.includes('active') ? [themeRecord(theme)] : [];
          return response(themes, { headers: { 'X-WP-Total': String(themes.length), 'X-WP-TotalPages': '1' } });
        },
      }),
    ],
  });

  const item = defineRoute({
    path: `/themes/(?P<stylesheet>${STYLESHEET_PATTERN})`,
    schema: ThemeSchema,
    links,
    args: { stylesheet: z.string().meta({ description: "The theme's stylesheet. This uniquely identifies the theme." }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        permission: (request, args) => {
          if (mayManage(request)) return true;
          if (decodeURIComponent(args.stylesheet) === theme.stylesheet) return activeRefusal(request);
          return denied(request, contentError('rest_cannot_view_themes'));
        },
        handler: (args) => {
          if (decodeURIComponent(args.stylesheet) !== theme.stylesheet) throw contentError('rest_theme_not_found');
          return themeRecord(theme);
        },
      }),
    ],
  });
  return [collection, item];
}
