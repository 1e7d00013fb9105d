#!/usr/bin/env bash
# Re-records default-theme-settings.json: the parts of WordPress 6.1's block editor settings
# that come from the theme (its theme.json and theme supports), as get_block_editor_settings()
# gives them with the default theme (Twenty Twenty-Three 1.0) active. Needs the original's
# files in /usr/share/wordpress and its database; no test runs it.
#   bash packages/editor/src/area/default-theme-settings.record.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
wordpress="${WORDPRESS_DIR:-/usr/share/wordpress}"
script="$(mktemp --suffix=.php)"
trap 'rm -f "$script"' EXIT
cat >"$script" <<'PHP'
<?php
$_SERVER['HTTP_HOST'] = getenv('WORDPRESS_HOST') ?: '127.0.0.1:8081';
define('WP_ADMIN', true);
require getenv('WORDPRESS_DIR') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
$context = new WP_Block_Editor_Context(array('post' => get_default_post_to_edit('post', false)));
$all = get_block_editor_settings(array(), $context);
$theme = array('theme' => get_stylesheet() . ' ' . wp_get_theme()->get('Version'), 'wordpress' => get_bloginfo('version'));
foreach (array('alignWide', 'defaultEditorStyles', 'disableCustomColors', 'disableCustomFontSizes', 'disableCustomGradients',
  'disableLayoutStyles', 'enableCustomLineHeight', 'enableCustomSpacing', 'enableCustomUnits', 'styles', '__experimentalFeatures',
  'colors', 'gradients', 'fontSizes', 'disableCustomSpacingSizes', 'spacingSizes') as $key) {
  if (array_key_exists($key, $all)) $theme['settings'][$key] = $all[$key];
}
$theme['settings']['supportsLayout'] = WP_Theme_JSON_Resolver::theme_has_support();
$theme['settings']['disablePostFormats'] = !current_theme_supports('post-formats');
echo wp_json_encode($theme, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
PHP
WORDPRESS_DIR="$wordpress" php "$script" >"$here/default-theme-settings.json"
echo "wrote $here/default-theme-settings.json"
