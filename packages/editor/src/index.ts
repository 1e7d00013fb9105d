/**
 * `@cms-json/editor`: the authoring area of a cms-json site, with WordPress's block editor
 * (the `@wordpress/*` packages WordPress 6.1 shipped, bundled unmodified) served against the
 * site's own REST API. GPL-2.0-or-later, as the editor it bundles.
 *
 * @module
 */
export { type AreaContext, type AreaPostType, areaPostTypes, editableByDefault } from './area/area-context.js';
export {
  type AssetFile,
  type AssetFiles,
  assetPage,
  contentVersion,
  type ServedAssets,
  servedAssets,
} from './area/asset-pages.js';
export { authorizationProblems, authorizeApplicationPage, redirectUrlProblem } from './area/authorize-application-page.js';
export { dateSettings } from './area/date-settings.js';
export { EDITOR_ELEMENT_ID, type EditorPageParts, editPostPage, newPostPage } from './area/editor-page.js';
export { AUTOSAVE_INTERVAL, type EditorSettingsInput, editorSettings } from './area/editor-settings.js';
export { decodeEntities, listPage, PER_PAGE } from './area/list-page.js';
export { type PreloadRequest, preloadAnswers, preloadPaths, requestAsVisitor } from './area/preload.js';
export { safeRedirect } from './area/safe-redirect.js';
export { signInPage } from './area/sign-in-page.js';
export { requireAuthor, signedInVisitor, type Visitor } from './area/visitor.js';
export { builtDirectory, type EditorAsset, type EditorAssets, editorAssets } from './assets.js';
export * from './blocks/index.js';
export {
  type ApiNames,
  type BlockCategory,
  type DateSettings,
  type EditorBootConfig,
  type JsonObject,
  type JsonValue,
  type PreloadedData,
  type PreloadedResponse,
  type ServerBlockDefinition,
  WORDPRESS_API_NAMES,
} from './boot-config.js';
export { type EditorOptions, editor } from './plugin.js';
