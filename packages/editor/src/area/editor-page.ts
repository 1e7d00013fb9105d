/**
 * The block editor's host pages: `post-new.php?post_type=X` (a new record) and
 * `post.php?post=ID&action=edit` (an existing one), as WordPress's `post-new.php`, `post.php`
 * and `edit-form-blocks.php` make them: the checks that the user may create or edit the
 * record, the auto-draft of a new record, and the page that loads the editor bundle with its
 * {@link EditorBootConfig} as JSON.
 *
 * @module
 */
import { DEFAULT_OPTIONS, localDate, postTypes, typeCapabilities } from '@cms-json/content';
import { escapeHtml, type PageRequest, type PageResponse } from '@cms-json/core';
import type { BlockCategory, EditorBootConfig, JsonObject, ServerBlockDefinition } from '../boot-config.js';
import type { AreaContext, AreaPostType } from './area-context.js';
import { dateSettings } from './date-settings.js';
import { editorSettings } from './editor-settings.js';
import { jsonData, messagePage } from './html.js';
import { allowHeader } from './list-page.js';
import { preloadAnswers, preloadPaths, requestAsVisitor } from './preload.js';
import { queryText } from './sign-in-page.js';
import { NO_STORE, requireAuthor, type Visitor } from './visitor.js';

/** What the host page loads besides the site's answers: the bundle's files and the blocks. */
export interface EditorPageParts {
  /** The URLs of the bundle's style sheets and scripts, in load order. */
  assets(request: PageRequest): Promise<{ styles: string[]; scripts: string[] }>;
  /** The server's block types, keyed by name (`get_block_editor_server_block_settings`). */
  blockDefinitions(): Promise<Record<string, ServerBlockDefinition>> | Record<string, ServerBlockDefinition>;
  /** The block categories, in inserter order. */
  blockCategories(): Promise<BlockCategory[]> | BlockCategory[];
}

/** The id of the element the editor renders into, as in WordPress. */
export const EDITOR_ELEMENT_ID = 'editor';

/**
 * `post-new.php?post_type=X`: checks the type and that the user may create records of it,
 * makes the record's auto-draft (as WordPress's `get_default_post_to_edit( $type, true )`)
 * and opens it in the editor.
 *
 * @example
 * server.page({ path: '/cms-admin/post-new.php', handler: (request) => newPostPage(area, parts, request) });
 */
export async function newPostPage(area: AreaContext, parts: EditorPageParts, request: PageRequest): Promise<PageResponse> {
  const gate = await requireAuthor(area, request);
  if ('response' in gate) return gate.response;
  const { visitor } = gate;
  const typeName = queryText(request, 'post_type') ?? 'post';
  const type = area.postTypes().find((candidate) => candidate.name === typeName);
  if (type === undefined) return messagePage(area, { status: 404, title: 'Not Found', message: 'Invalid post type.' });
  const allowed = allowHeader(
    await area.server.dispatch({ method: 'OPTIONS', path: type.collectionPath, user: visitor.user }, { from: request }),
  );
  if (!allowed.includes('POST') || !visitor.user.can(typeCapabilities(type.args).edit_posts)) {
    return messagePage(area, {
      status: 403,
      title: 'Forbidden',
      message: 'Sorry, you are not allowed to create posts as this user.',
    });
  }
  const id = await createAutoDraft(area, type, visitor);
  const initialEdits: JsonObject = {};
  if (type.args.supports.includes('title')) initialEdits.title = '';
  if (type.args.supports.includes('editor')) initialEdits.content = '';
  if (type.args.supports.includes('excerpt')) initialEdits.excerpt = '';
  return hostPage(area, parts, request, { visitor, type, id, initialEdits });
}

/**
 * `post.php?post=ID&action=edit`: the record must exist (404 "You attempted to edit an item
 * that doesn't exist. Perhaps it was deleted?"), be of a type of the area, not be in the trash,
 * and the user must be allowed to edit it by the API (403 "Sorry, you are not allowed to edit
 * this item.").
 *
 * @example
 * server.page({ path: '/cms-admin/post.php', handler: (request) => editPostPage(area, parts, request) });
 */
export async function editPostPage(area: AreaContext, parts: EditorPageParts, request: PageRequest): Promise<PageResponse> {
  const gate = await requireAuthor(area, request);
  if ('response' in gate) return gate.response;
  const { visitor } = gate;
  const action = queryText(request, 'action') ?? 'edit';
  const idText = queryText(request, 'post') ?? '';
  const id = /^[1-9]\d{0,15}$/.test(idText) ? Number(idText) : 0;
  const missing = () =>
    messagePage(area, {
      status: 404,
      title: 'Not Found',
      message: "You attempted to edit an item that doesn't exist. Perhaps it was deleted?",
    });
  if (action !== 'edit') return messagePage(area, { status: 400, title: 'Bad Request', message: 'Unknown action.' });
  if (id === 0) return missing();
  const stored = await area.auth.storage.posts.find(id);
  if (stored === undefined) return missing();
  const type = area.postTypes().find((candidate) => candidate.name === stored.type);
  if (type === undefined) {
    return messagePage(area, {
      status: 403,
      title: 'Forbidden',
      message: 'Sorry, you are not allowed to edit posts in this post type.',
    });
  }
  if (stored.status === 'trash') {
    return messagePage(area, {
      status: 403,
      title: 'Forbidden',
      message: 'You cannot edit this item because it is in the Trash. Please restore it and try again.',
    });
  }
  const allowed = allowHeader(
    await area.server.dispatch(
      { method: 'OPTIONS', path: `${type.collectionPath}/${id}`, user: visitor.user },
      { from: request },
    ),
  );
  if (!allowed.includes('PUT')) {
    return messagePage(area, { status: 403, title: 'Forbidden', message: 'Sorry, you are not allowed to edit this item.' });
  }
  const initialEdits: JsonObject = {};
  if (stored.status === 'auto-draft') {
    if (type.args.supports.includes('title')) initialEdits.title = stored.title;
    if (type.args.supports.includes('editor')) initialEdits.content = stored.content;
    if (type.args.supports.includes('excerpt')) initialEdits.excerpt = stored.excerpt;
  }
  return hostPage(area, parts, request, { visitor, type, id, initialEdits });
}

/** How long an unsaved auto-draft is kept: WordPress's `wp_delete_auto_drafts` removes those older than 7 days. */
export const AUTO_DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** At most this many old auto-drafts are removed per new record, so that a page never waits long. */
const AUTO_DRAFTS_REMOVED_AT_ONCE = 20;

/**
 * Removes auto-drafts older than {@link AUTO_DRAFT_LIFETIME_MS} (records opened with
 * post-new.php and never saved), as WordPress's daily `wp_scheduled_auto_draft_delete` does;
 * here each new record removes a few.
 */
async function removeOldAutoDrafts(area: AreaContext, now: Date): Promise<void> {
  const cutoff = localDate(new Date(now.getTime() - AUTO_DRAFT_LIFETIME_MS), 'UTC');
  const store = area.auth.storage.posts;
  // The oldest auto-drafts (by id: in the order they were made) of every type; those past their lifetime go.
  const { posts: oldest } = await store.list({
    types: postTypes(area.server).names(),
    statuses: ['auto-draft'],
    nowGmt: localDate(now, 'UTC'),
    orderBy: 'id',
    order: 'asc',
    perPage: AUTO_DRAFTS_REMOVED_AT_ONCE,
    offset: 0,
  });
  for (const { id, date_gmt } of oldest) if (date_gmt < cutoff) await store.delete(id);
}

/** Inserts the `auto-draft` a new record starts as: no title, no content, the user's, dated now. */
async function createAutoDraft(area: AreaContext, type: AreaPostType, visitor: Visitor): Promise<number> {
  const options = area.auth.storage.options;
  const [timeZone, commentStatus, pingStatus] = await Promise.all([
    options.get('timezone'),
    options.get('default_comment_status'),
    options.get('default_ping_status'),
  ]);
  const now = new Date();
  await removeOldAutoDrafts(area, now);
  const nowGmt = localDate(now, 'UTC');
  const nowLocal = localDate(now, timeZone);
  const discussion = (feature: 'comments' | 'trackbacks', value: 'open' | 'closed') =>
    type.name !== 'page' && type.args.supports.includes(feature) ? value : 'closed';
  const created = await area.auth.storage.posts.create({
    type: type.name,
    status: 'auto-draft',
    author: visitor.user.id,
    title: '',
    date: nowLocal,
    date_gmt: nowGmt,
    modified: nowLocal,
    modified_gmt: nowGmt,
    comment_status: discussion('comments', commentStatus),
    ping_status: discussion('trackbacks', pingStatus),
  });
  return created.id;
}

/** The editor's page for a record the user may edit. */
async function hostPage(
  area: AreaContext,
  parts: EditorPageParts,
  request: PageRequest,
  edit: { visitor: Visitor; type: AreaPostType; id: number; initialEdits: JsonObject },
): Promise<PageResponse> {
  const { visitor, type, id } = edit;
  const collection = (name: string) => area.postTypes().find((candidate) => candidate.name === name)?.collectionPath;
  const mediaPath = `/${area.namespace}/media`;
  // The media routes exist only when the content plugin was given its `media` option.
  const attachment = area.server.match(mediaPath) === undefined ? undefined : mediaPath;
  const recordPath = `${type.collectionPath}/${id}`;
  const paths = preloadPaths({
    namespace: area.namespace,
    recordPath,
    postType: type.name,
    collections: { attachment, page: collection('page'), wp_block: collection('wp_block') },
  });
  const content = area.server.extension('content', missingContent);
  const siteOptions = area.auth.storage.options;
  const [assets, blockDefinitions, blockCategories, preload, options, preferences] = await Promise.all([
    parts.assets(request),
    parts.blockDefinitions(),
    parts.blockCategories(),
    preloadAnswers(area, request, visitor, paths),
    siteOptions
      .findMany(['default_comment_status', 'timezone', 'date_format', 'time_format', 'start_of_week', 'language'])
      .then((stored) => ({ ...pickDefaults(), ...stored })),
    persistedPreferences(area, request, visitor),
  ]);
  const restRootUrl = area.server.restRootUrl(request.siteUrl);
  const config: EditorBootConfig = {
    elementId: EDITOR_ELEMENT_ID,
    postType: type.name,
    postId: id,
    userId: visitor.user.id,
    restRootUrl,
    names: {
      namespace: area.namespace,
      headerPrefix: area.server.names.headerPrefix,
      curieName: area.server.names.prefix,
      curieBase: area.server.options.curieBase,
    },
    nonce: visitor.nonce,
    nonceRefreshUrl: `${request.siteUrl}/${area.server.names.prefix}-admin/admin-ajax.php?action=rest-nonce`,
    settings: editorSettings({
      options,
      media: content.media,
      blockCategories,
      stylesheetUrl: assets.styles[0] ?? '',
    }),
    blockDefinitions,
    blockCategories,
    preferences,
    dateSettings: dateSettings(options, new Date()),
    initialEdits: edit.initialEdits,
    preload,
  };
  const title = `${Object.keys(edit.initialEdits).length > 0 ? 'Add New' : 'Edit'} ${type.singularLabel}`;
  const styles = assets.styles.map((url) => `<link rel="stylesheet" href="${escapeHtml(url)}" media="all">`).join('\n');
  const scripts = assets.scripts.map((url) => `<script src="${escapeHtml(url)}"></script>`).join('\n');
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="strict-origin-when-cross-origin">
<title>${escapeHtml(`${title} ‹ ${area.siteName}`)}</title>
${styles}
</head>
<body class="wp-admin wp-core-ui block-editor-page is-fullscreen-mode post-type-${escapeHtml(type.name)}">
<div class="block-editor">
<h1 class="screen-reader-text">${escapeHtml(title)}</h1>
<div id="${EDITOR_ELEMENT_ID}" class="block-editor__container"></div>
<noscript><p>The block editor requires JavaScript. Please enable JavaScript in your browser settings.</p></noscript>
</div>
${jsonData('cms-json-editor-config', config)}
${scripts}
<script>window.cmsJsonEditor.start(JSON.parse(document.getElementById('cms-json-editor-config').textContent));</script>
</body></html>
`;
  return { headers: { ...NO_STORE, 'X-Frame-Options': 'SAMEORIGIN' }, body };
}

/**
 * The user's `persisted_preferences` meta value, read from `users/me` in edit context as the
 * editor would (`null` when the site does not register that meta, or the user has none).
 */
async function persistedPreferences(area: AreaContext, request: PageRequest, visitor: Visitor): Promise<JsonObject | null> {
  const answer = await requestAsVisitor(area, request, visitor, {
    method: 'GET',
    path: `/${area.namespace}/users/me?context=edit&_fields=meta`,
  });
  if (answer === null || answer.status !== 200 || answer.body === null) return null;
  const parsed: unknown = JSON.parse(answer.body);
  if (parsed === null || typeof parsed !== 'object' || !('meta' in parsed)) return null;
  const meta = parsed.meta;
  if (meta === null || typeof meta !== 'object' || !('persisted_preferences' in meta)) return null;
  const value = meta.persisted_preferences;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0) return null;
  return value as JsonObject;
}

/** The defaults of the options the page reads, for a site that never set them. */
function pickDefaults() {
  const { default_comment_status, timezone, date_format, time_format, start_of_week, language } = DEFAULT_OPTIONS;
  return { default_comment_status, timezone, date_format, time_format, start_of_week, language };
}

function missingContent(): never {
  throw new Error('editor(): use contentPlugin on the server first; the authoring area needs its users and sessions.');
}
