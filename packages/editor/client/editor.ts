/**
 * The browser entry of the authoring area: WordPress's block editor, the npm packages at the
 * versions WordPress 6.1 shipped, unmodified, booted as WordPress 6.1's editor page boots them
 * (`wp-admin/edit-form-blocks.php` and the inline scripts of `wp-includes/script-loader.php`).
 *
 * The build (`scripts/build-client.ts`) bundles this file into `editor.js`; the host page loads
 * it and calls `window.cmsJsonEditor.start(config)` with an {@link EditorBootConfig}. The
 * packages are also on `window.wp`, under the names WordPress gives them, so that a site's own
 * scripts extend the editor as block and plugin authors do in WordPress
 * (`wp.blocks.registerBlockType`, `wp.plugins.registerPlugin`, `wp.hooks.addFilter`, …).
 */
import * as a11y from '@wordpress/a11y';
import apiFetch from '@wordpress/api-fetch';
import * as blockEditor from '@wordpress/block-editor';
import * as blockLibrary from '@wordpress/block-library';
import * as blocks from '@wordpress/blocks';
import * as components from '@wordpress/components';
import * as compose from '@wordpress/compose';
import * as coreData from '@wordpress/core-data';
import * as data from '@wordpress/data';
import * as date from '@wordpress/date';
import domReady from '@wordpress/dom-ready';
import * as editPost from '@wordpress/edit-post';
import * as editor from '@wordpress/editor';
import * as element from '@wordpress/element';
// Registers the rich-text formats (bold, italic, link, …) on import, as WordPress's
// `wp-format-library` script does.
import * as formatLibrary from '@wordpress/format-library';
import * as hooks from '@wordpress/hooks';
import * as htmlEntities from '@wordpress/html-entities';
import * as i18n from '@wordpress/i18n';
import * as keyboardShortcuts from '@wordpress/keyboard-shortcuts';
import * as notices from '@wordpress/notices';
import * as plugins from '@wordpress/plugins';
import * as preferences from '@wordpress/preferences';
import * as preferencesPersistence from '@wordpress/preferences-persistence';
import * as primitives from '@wordpress/primitives';
import * as reusableBlocks from '@wordpress/reusable-blocks';
import * as richText from '@wordpress/rich-text';
import serverSideRender from '@wordpress/server-side-render';
import * as url from '@wordpress/url';
import * as viewport from '@wordpress/viewport';
import type { EditorBootConfig } from '../src/boot-config.ts';
import { profileTranslation } from './profile-translation.ts';

/** What the bundle puts on `window.cmsJsonEditor`. */
export interface CmsJsonEditor {
  /**
   * Boots the editor into `config.elementId`, once the document is ready; the promise settles
   * when the editor has rendered (WordPress keeps the same promise in `window._wpLoadBlockEditor`).
   */
  start(config: EditorBootConfig): Promise<void>;
}

/** The packages under WordPress's global names (`wp.data`, `wp.blocks`, `wp.editPost`, …). */
const wp = {
  a11y,
  apiFetch,
  blockEditor,
  blockLibrary,
  blocks,
  components,
  compose,
  coreData,
  data,
  date,
  domReady,
  editPost,
  editor,
  element,
  formatLibrary,
  hooks,
  htmlEntities,
  i18n,
  keyboardShortcuts,
  notices,
  plugins,
  preferences,
  preferencesPersistence,
  primitives,
  reusableBlocks,
  richText,
  serverSideRender,
  url,
  viewport,
};

declare global {
  interface Window {
    /** The block editor's packages, as WordPress names them. */
    wp?: Partial<typeof wp>;
    /** The authoring area's boot function. */
    cmsJsonEditor?: CmsJsonEditor;
    /** The editor's boot, as WordPress exposes it to end-to-end tests. */
    _wpLoadBlockEditor?: Promise<void>;
    /** WordPress's meta box script (`postbox.js`), as edit-post calls it. */
    postboxes?: Postboxes;
  }
}

/** What edit-post calls of WordPress's `postbox.js` once the editor is ready. */
interface Postboxes {
  page?: string;
  add_postbox_toggles(page: string): void;
}

/**
 * The page's `postboxes`: in WordPress, `postbox.js` (an admin script of jQuery, not an npm
 * package) makes the classic meta boxes below the editor collapsible and sortable. cms-json
 * has no classic meta boxes, so there is nothing to toggle: the object records the screen
 * edit-post names, as `postbox.js` does, and edit-post's meta box areas stay empty.
 */
function noMetaBoxes(): Postboxes {
  return {
    add_postbox_toggles(page: string) {
      this.page = page;
    },
  };
}

let started = false;

/** Boots the block editor as WordPress 6.1's `edit-form-blocks.php` does. */
function start(config: EditorBootConfig): Promise<void> {
  if (started) {
    return Promise.reject(new Error('cmsJsonEditor.start: the editor is already started on this page.'));
  }
  started = true;

  // In the cms profile, WordPress's names (/wp/v2/, X-WP-*, wp: relations) to the API's and
  // back; registered first, so it runs last, after the middlewares below.
  const translation = profileTranslation(config);
  if (translation !== undefined) apiFetch.use(translation.middleware);
  // wp-api-fetch's inline scripts: the root URL, the nonce (refreshed from `nonceEndpoint`
  // when the server answers rest_cookie_invalid_nonce), uploads; then the preloaded answers.
  apiFetch.use(apiFetch.createRootURLMiddleware(config.restRootUrl));
  const nonceMiddleware = apiFetch.createNonceMiddleware(config.nonce);
  // api-fetch reads both properties when it refreshes the nonce.
  Object.assign(apiFetch, { nonceMiddleware, nonceEndpoint: config.nonceRefreshUrl });
  apiFetch.use(nonceMiddleware);
  apiFetch.use(apiFetch.mediaUploadMiddleware);
  if (config.preload) {
    apiFetch.use(apiFetch.createPreloadingMiddleware(translation?.preload(config.preload) ?? config.preload));
  }

  // wp-data's inline script: the old persistence of some stores, in local storage.
  data.use(data.plugins.persistence, { storageKey: `WP_DATA_USER_${config.userId}` });

  // wp-preferences' inline script: the user's preferences from the persisted_preferences meta,
  // written back through the REST API.
  const persistenceLayer = preferencesPersistence.__unstableCreatePersistenceLayer(config.preferences, String(config.userId));
  data.dispatch(preferences.store).setPersistenceLayer(persistenceLayer);

  if (config.dateSettings) {
    date.setSettings(config.dateSettings);
  }

  window.postboxes ??= noMetaBoxes();

  // edit-post replaces the block editor's MediaUpload with the one of @wordpress/media-utils,
  // which opens WordPress's media library (`wp.media`, a classic admin script, not an npm
  // package). cms-json has no such library: without this, the image block throws on `wp.media`.
  // The blocks keep their own Upload button (a file input, sent to /wp/v2/media through
  // api-fetch); the "Media Library" button is not shown.
  hooks.removeFilter('editor.MediaUpload', 'core/edit-post/replace-media-upload');

  // wp-blocks' inline scripts: the categories, and the block types as the server knows them
  // (edit-post's initializeEditor registers the core blocks over these definitions).
  blocks.setCategories(config.blockCategories);
  blocks.unstable__bootstrapServerSideBlockDefinitions(config.blockDefinitions);

  const booted = new Promise<void>((resolve, reject) => {
    domReady(() => {
      if (!document.getElementById(config.elementId)) {
        reject(new Error(`cmsJsonEditor.start: no element with id "${config.elementId}" on the page.`));
        return;
      }
      editPost.initializeEditor(config.elementId, config.postType, config.postId, config.settings, config.initialEdits ?? {});
      resolve();
    });
  });
  window._wpLoadBlockEditor = booted;
  return booted;
}

window.wp = { ...window.wp, ...wp };
window.cmsJsonEditor = { start };
