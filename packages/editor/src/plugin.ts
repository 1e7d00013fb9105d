/**
 * `editor()`: the authoring area as a plugin of a cms-json server. Signed-in users with
 * `edit_posts` list their records and write them in WordPress's block editor, served from
 * the site's own REST API.
 *
 * @module
 */
import type { Plugin, RestServer } from '@cms-json/core';
import { type AreaContext, areaPostTypes } from './area/area-context.js';
import { type AssetFiles, assetPage, type ServedAssets, servedAssets } from './area/asset-pages.js';
import { authorizeApplicationPage } from './area/authorize-application-page.js';
import { type EditorPageParts, editPostPage, newPostPage } from './area/editor-page.js';
import { faviconPage } from './area/favicon-page.js';
import { listPage } from './area/list-page.js';
import { signInPage } from './area/sign-in-page.js';
import { blockCategories, blockRoutes, serverBlockDefinitions } from './blocks/index.js';

/**
 * Options of {@link editor}.
 *
 * @example
 * const options: EditorOptions = { path: '/cms-admin/', postTypes: ['post', 'page', 'book'] };
 */
export interface EditorOptions {
  /**
   * Where the area is served, with a leading and a trailing slash.
   * @default '/cms-admin/' ('/wp-admin/' on a server with prefix 'wp')
   */
  path?: string | undefined;
  /**
   * The post types the area lists and edits.
   * @default every type with REST routes (`showInRest`) and the `editor` feature, as WordPress's `use_block_editor_for_post_type`
   */
  postTypes?: readonly string[] | undefined;
  /** The name in the pages' titles and header. @default the server's `site.name`, else 'cms-json' */
  siteName?: string | undefined;
  /**
   * The editor bundle's files. @default the package's own build (`editorAssets()`)
   */
  assets?: (() => Promise<AssetFiles>) | undefined;
}

/** The package's own build, loaded at first use (from the workspace it builds the bundle first). */
async function packageAssets(): Promise<AssetFiles> {
  const { editorAssets } = await import('./assets.js');
  return editorAssets();
}

declare module '@cms-json/core' {
  interface ServerExtensions {
    /** Where the authoring area of `editor()` is mounted on the server (absent without it). */
    editorArea: { readonly path: string; readonly authorizeApplicationPath: string };
  }
}

/**
 * The authoring area: under `path` (default `/cms-admin/`, `/wp-admin/` in the `wp` profile)
 *
 * - `<path>` (`?post_type=page`, `&post_status=draft`, `&s=…`, `&paged=2`): the list of records;
 * - `<path>post-new.php?post_type=X` and `<path>post.php?post=ID&action=edit`: the block editor;
 * - `<path>sign-in` (and `/wp-login.php` in the `wp` profile): sign-in with the site's login;
 * - `<path>authorize-application.php`: an application asks for an application password;
 * - `<path>assets/<name>`: the editor bundle's files;
 * - `/favicon.ico`: a small icon, unless the site registered its own page there first;
 *
 * with the block routes the editor reads (`block-types`, `block-renderer`, `block-patterns`).
 * On a server with a `siteUrl`, the REST index's `authentication` names the authorization page
 * (`application-passwords.endpoints.authorization`), as WordPress's index does.
 * Use it after `contentPlugin` (it reads the site's users and sessions).
 *
 * @throws Error when the server has no content plugin, or `path` is not `/…/`.
 * @example
 * await server.use(contentPlugin({ auth }));
 * await server.use(editor());
 * // http://127.0.0.1:8080/cms-admin/ lists the signed-in user's posts
 */
export function editor(options: EditorOptions = {}): Plugin {
  return async function editorSetup(server: RestServer) {
    const content = server.extension('content', () => {
      throw new Error('editor(): use contentPlugin on the server first; the authoring area needs its users and sessions.');
    });
    const path = options.path ?? (server.names.prefix === 'wp' ? '/wp-admin/' : '/cms-admin/');
    if (!/^\/(?:[A-Za-z0-9._~-]+\/)+$/.test(path)) {
      throw new Error(`editor(): the path "${path}" must start and end with "/" (e.g. "/cms-admin/").`);
    }
    const namespace = `${server.names.prefix}/v2`;
    const area: AreaContext = {
      server,
      auth: content.auth,
      path,
      namespace,
      siteName: options.siteName ?? server.options.site?.name ?? 'cms-json',
      postTypes: () => areaPostTypes(server, { namespace, only: options.postTypes }),
    };
    const authorizeApplicationPath = `${path}authorize-application.php`;
    server.extension('editorArea', () => ({ path, authorizeApplicationPath }));
    // The REST index advertises the authorization page, as WordPress's does. Its address is
    // absolute there: known here when the server has a `siteUrl` (else per request, which the
    // index's `authentication` cannot say yet).
    const { siteUrl } = server.options;
    if (siteUrl !== undefined) {
      server.describeAuthentication({
        'application-passwords': { endpoints: { authorization: `${siteUrl}${authorizeApplicationPath}` } },
      });
    }
    await server.use(blockRoutes());

    // The bundle is built (or read) at the first page that needs it, then kept; a failed build is tried again.
    let assets: Promise<ServedAssets> | undefined;
    const served = (): Promise<ServedAssets> => {
      if (assets !== undefined) return assets;
      const loading = (options.assets ?? packageAssets)().then(servedAssets);
      loading.catch(() => {
        if (assets === loading) assets = undefined;
      });
      assets = loading;
      return loading;
    };
    const parts: EditorPageParts = {
      async assets(request) {
        const files = await served();
        const url = (name: string) =>
          `${request.siteUrl}${path}assets/${encodeURIComponent(name)}?ver=${files.version(name) ?? ''}`;
        const names = files.names();
        return {
          // The editor's own style sheet; `default-editor-styles.css` is for the editor's content (settings.defaultEditorStyles).
          styles: names.filter((name) => name.endsWith('.css') && name !== 'default-editor-styles.css').map(url),
          scripts: (names.includes('editor.js') ? ['editor.js'] : names.filter((name) => name.endsWith('.js'))).map(url),
        };
      },
      blockDefinitions: () => serverBlockDefinitions(server),
      blockCategories: () => blockCategories(),
    };

    server.page({ path, handler: (request) => listPage(area, request) });
    server.page({ path: `${path}post-new.php`, handler: (request) => newPostPage(area, parts, request) });
    server.page({ path: `${path}post.php`, handler: (request) => editPostPage(area, parts, request) });
    server.page({ path: `${path}sign-in`, handler: (request) => signInPage(area, request) });
    if (server.names.prefix === 'wp') server.page({ path: '/wp-login.php', handler: (request) => signInPage(area, request) });
    server.page({ path: `${path}authorize-application.php`, handler: (request) => authorizeApplicationPage(area, request) });
    server.page({ path: `${path}assets/:name`, handler: async (request) => assetPage(await served(), request) });
    // As WordPress answers /favicon.ico for every site; a site's own icon page, registered first, answers instead.
    server.page(faviconPage());
  };
}
