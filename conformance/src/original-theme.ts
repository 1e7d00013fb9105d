/**
 * The original's active theme, Twenty Twenty-Three 1.0 (WordPress 6.1's default), as the
 * conformance site declares it to the content plugin: cms-json renders no theme, but the block
 * editor reads the active theme's header and `theme_supports` (`/wp/v2/themes?status=active`),
 * and the suite compares them with the original's (`fixtures/editor/themes-active*.json`).
 *
 * @module
 */
import type { ThemeDeclaration } from '@cms-json/content';

/** Twenty Twenty-Three's `style.css` header and what it supports, as the original answers them; its screenshot lies below `origin`. */
export function originalTheme(origin: string): ThemeDeclaration {
  return {
    stylesheet: 'twentytwentythree',
    name: 'Twenty Twenty-Three',
    version: '1.0',
    author: 'the WordPress team',
    authorUri: 'https://wordpress.org',
    themeUri: 'https://wordpress.org/themes/twentytwentythree',
    description:
      'Twenty Twenty-Three is designed to take advantage of the new design tools introduced in WordPress 6.1. With a clean, blank base as a starting point, this default theme includes ten diverse style variations created by members of the WordPress community. Whether you want to build a complex or incredibly simple website, you can do it quickly and intuitively through the bundled styles or dive into creation and full customization yourself.',
    tags: [
      'one-column',
      'custom-colors',
      'custom-menu',
      'custom-logo',
      'editor-style',
      'featured-images',
      'full-site-editing',
      'block-patterns',
      'rtl-language-support',
      'sticky-post',
      'threaded-comments',
      'translation-ready',
      'wide-blocks',
      'block-styles',
      'accessibility-ready',
      'blog',
      'portfolio',
      'news',
    ],
    textdomain: 'twentytwentythree',
    requiresPhp: '5.6',
    requiresWp: '6.1',
    screenshot: `${origin}/wp-content/themes/twentytwentythree/screenshot.png`,
    supports: {
      'automatic-feed-links': true,
      'block-templates': true,
      'editor-styles': true,
      html5: ['comment-form', 'comment-list', 'search-form', 'gallery', 'caption', 'style', 'script'],
      'post-thumbnails': true,
      'responsive-embeds': true,
    },
  };
}
