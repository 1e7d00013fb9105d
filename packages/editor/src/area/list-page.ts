/**
 * The area's list of records (`<area>`, `<area>?post_type=page`): WordPress's `edit.php` as a
 * plain table (title, status, author, date) with the status views and their counts, a search
 * box, paging, and the links to edit, trash and preview each record. Every record and count
 * comes from the REST API, dispatched as the signed-in user, so the list shows exactly what
 * the API lets that user see.
 *
 * @module
 */
import { typeCapabilities } from '@cms-json/content';
import { escapeHtml, type PageRequest, type PageResponse, type RestResponse, stringifyQuery } from '@cms-json/core';
import type { AreaContext, AreaPostType } from './area-context.js';
import { areaDocument, jsonData, messagePage } from './html.js';
import { queryText } from './sign-in-page.js';
import { NO_STORE, requireAuthor, type Visitor } from './visitor.js';

/** Records per page, as WordPress's default screen option. */
export const PER_PAGE = 20;

/** The status views of the list, in WordPress's order: the view's key, its label, the REST `status`. */
const VIEWS: readonly { key: string; label: string; status: string; mine?: true }[] = [
  { key: 'all', label: 'All', status: 'publish,future,draft,pending,private' },
  { key: 'mine', label: 'Mine', status: 'publish,future,draft,pending,private', mine: true },
  { key: 'publish', label: 'Published', status: 'publish' },
  { key: 'future', label: 'Scheduled', status: 'future' },
  { key: 'draft', label: 'Drafts', status: 'draft' },
  { key: 'pending', label: 'Pending', status: 'pending' },
  { key: 'private', label: 'Private', status: 'private' },
  { key: 'trash', label: 'Trash', status: 'trash' },
];

const STATUS_NAMES: Readonly<Record<string, string>> = {
  publish: 'Published',
  future: 'Scheduled',
  draft: 'Draft',
  pending: 'Pending',
  private: 'Private',
  trash: 'Trash',
};

/** The fields of a record the list reads (view context: the API lists in edit context only what the caller may edit). */
interface ListedRecord {
  id: number;
  status: string;
  author?: number;
  date: string | null;
  modified: string;
  link: string;
  title?: { rendered?: string };
}

/**
 * The list page.
 *
 * @example
 * server.page({ path: '/cms-admin/', handler: (request) => listPage(area, request) });
 */
export async function listPage(area: AreaContext, request: PageRequest): Promise<PageResponse> {
  const gate = await requireAuthor(area, request);
  if ('response' in gate) return gate.response;
  const { visitor } = gate;
  const typeName = queryText(request, 'post_type') ?? 'post';
  const type = area.postTypes().find((candidate) => candidate.name === typeName);
  if (type === undefined) return messagePage(area, { status: 404, title: 'Not Found', message: 'Invalid post type.' });
  if (!visitor.user.can(typeCapabilities(type.args).edit_posts)) {
    return messagePage(area, {
      status: 403,
      title: 'Forbidden',
      message: 'Sorry, you are not allowed to edit posts in this post type.',
    });
  }
  const viewKey = queryText(request, 'post_status') ?? 'all';
  const view = VIEWS.find((candidate) => candidate.key === viewKey) ?? (VIEWS[0] as (typeof VIEWS)[number]);
  const search = queryText(request, 's') ?? '';
  const page = Math.max(1, Number.parseInt(queryText(request, 'paged') ?? '1', 10) || 1);

  const ask = (query: Record<string, unknown>, method = 'GET', path = type.collectionPath) =>
    area.server.dispatch({ method, path, query, user: visitor.user }, { from: request });
  const baseQuery = (v: (typeof VIEWS)[number]) => ({
    context: 'view',
    status: v.status,
    ...(v.mine ? { author: visitor.user.id } : {}),
    ...(search === '' ? {} : { search }),
  });
  const totalHeader = `${area.server.names.headerPrefix}Total`;
  const [listed, ...counts] = await Promise.all([
    ask({ ...baseQuery(view), page, per_page: PER_PAGE }),
    ...VIEWS.map((v) => ask({ ...baseQuery(v), per_page: 1, _fields: 'id' })),
  ]);
  const records =
    listed !== undefined && listed.status === 200 && Array.isArray(listed.data) ? (listed.data as ListedRecord[]) : [];
  const total = listed === undefined ? 0 : headerNumber(listed, totalHeader);
  const totalPages = listed === undefined ? 0 : headerNumber(listed, `${area.server.names.headerPrefix}TotalPages`);
  const allowed = await Promise.all(
    records.map(async (record) => allowHeader(await ask({}, 'OPTIONS', `${type.collectionPath}/${record.id}`))),
  );
  const canCreate = allowHeader(await ask({}, 'OPTIONS')).includes('POST');
  const authors = await authorNames(area, records);

  const here = (query: Record<string, unknown>) =>
    `${request.siteUrl}${area.path}?${stringifyQuery({ post_type: type.name, ...query })}`;
  const viewLinks = VIEWS.map((v, index) => {
    const response = counts[index];
    if (response === undefined || response.status !== 200) return '';
    const count = headerNumber(response, totalHeader);
    if (count === 0 && v.key !== 'all' && v.key !== view.key) return '';
    const current = v.key === view.key ? ' aria-current="page"' : '';
    return `<li><a href="${escapeHtml(here({ post_status: v.key, ...(search === '' ? {} : { s: search }) }))}"${current}>${escapeHtml(v.label)} <span class="count">(${count})</span></a></li>`;
  }).join('');

  const rows = records
    .map((record, index) =>
      listRow(area, { request, type, record, authors, allow: allowed[index] ?? [], trash: view.key === 'trash' }),
    )
    .join('');
  const newLink = canCreate
    ? `<a class="button" href="${escapeHtml(`${request.siteUrl}${area.path}post-new.php?${stringifyQuery({ post_type: type.name })}`)}">Add New</a>`
    : '';
  const paging =
    totalPages > 1
      ? `<nav class="paging" aria-label="Pages">${page > 1 ? `<a href="${escapeHtml(here({ post_status: view.key, s: search || undefined, paged: page - 1 }))}" rel="prev">‹ Previous</a>` : ''}<span>Page ${page} of ${totalPages} (${total} items)</span>${page < totalPages ? `<a href="${escapeHtml(here({ post_status: view.key, s: search || undefined, paged: page + 1 }))}" rel="next">Next ›</a>` : ''}</nav>`
      : `<p>${total} ${total === 1 ? 'item' : 'items'}</p>`;
  const refused =
    listed !== undefined && listed.status !== 200 ? `<p class="notice" role="alert">${escapeHtml(errorMessage(listed))}</p>` : '';
  const main = `<div class="toolbar"><h1>${escapeHtml(type.label)}</h1>${newLink}
<form role="search" method="get" action="${escapeHtml(`${request.siteUrl}${area.path}`)}"><input type="hidden" name="post_type" value="${escapeHtml(type.name)}"><input type="hidden" name="post_status" value="${escapeHtml(view.key)}">
<label class="screen-reader-text" for="post-search-input">Search ${escapeHtml(type.label)}</label><input type="search" id="post-search-input" name="s" value="${escapeHtml(search)}"> <button class="button secondary" type="submit">Search ${escapeHtml(type.label)}</button></form></div>
<ul class="views">${viewLinks}</ul>${refused}
<table><caption class="screen-reader-text">${escapeHtml(type.label)}</caption><thead><tr><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Author</th><th scope="col">Date</th></tr></thead>
<tbody>${rows === '' ? `<tr><td colspan="4">No ${escapeHtml(type.label.toLowerCase())} found.</td></tr>` : rows}</tbody></table>${paging}`;
  return {
    // Its buttons act for the user: never inside another site's frame.
    headers: { ...NO_STORE, 'X-Frame-Options': 'SAMEORIGIN' },
    body: areaDocument(area, {
      title: type.label,
      main,
      header: header(area, request, visitor),
      scripts: `${jsonData('list-data', { nonceHeader: area.server.names.nonceHeader, nonce: visitor.nonce })}<script>${TRASH_SCRIPT}</script>`,
    }),
  };
}

/** What the shell's header needs for a signed-in visitor. */
export function header(area: AreaContext, request: PageRequest, visitor: Visitor) {
  return {
    userName: visitor.user.displayName,
    nonce: visitor.nonce,
    restRootUrl: area.server.restRootUrl(request.siteUrl),
    siteUrl: request.siteUrl,
  };
}

function listRow(
  area: AreaContext,
  row: {
    request: PageRequest;
    type: AreaPostType;
    record: ListedRecord;
    authors: ReadonlyMap<number, string>;
    allow: readonly string[];
    trash: boolean;
  },
): string {
  const { request, type, record, authors, allow } = row;
  // As WordPress's list: the rendered title as text (its entities read, its tags shown, not applied).
  const title = decodeEntities(record.title?.rendered ?? '');
  const shown = title.trim() === '' ? '(no title)' : title;
  const editUrl = `${request.siteUrl}${area.path}post.php?${stringifyQuery({ post: record.id, action: 'edit' })}`;
  const canEdit = allow.includes('PUT') || allow.includes('POST');
  const canDelete = allow.includes('DELETE');
  const itemUrl = area.server.restUrl(`${type.collectionPath}/${record.id}`, undefined, request.siteUrl);
  const actions: string[] = [];
  if (canEdit && !row.trash) actions.push(`<li><a href="${escapeHtml(editUrl)}">Edit</a></li>`);
  if (canDelete) {
    const force = row.trash || type.args.trash === false;
    actions.push(
      `<li><button type="button" data-delete="${escapeHtml(force ? `${itemUrl}?force=true` : itemUrl)}">${force ? 'Delete Permanently' : 'Trash'}</button></li>`,
    );
  }
  if (!row.trash && record.link !== '') {
    const published = record.status === 'publish';
    const href = published ? record.link : `${record.link}${record.link.includes('?') ? '&' : '?'}preview=true`;
    actions.push(`<li><a href="${escapeHtml(href)}" rel="bookmark">${published ? 'View' : 'Preview'}</a></li>`);
  }
  const titleCell = canEdit && !row.trash ? `<a href="${escapeHtml(editUrl)}">${escapeHtml(shown)}</a>` : escapeHtml(shown);
  const author = record.author === undefined ? '—' : (authors.get(record.author) ?? '—');
  const date = record.status === 'publish' || record.status === 'future' ? (record.date ?? '') : record.modified;
  const dateLabel = record.status === 'publish' ? 'Published' : record.status === 'future' ? 'Scheduled' : 'Last Modified';
  return `<tr><td><strong>${titleCell}</strong><ul class="actions">${actions.join('')}</ul></td><td>${escapeHtml(STATUS_NAMES[record.status] ?? record.status)}</td><td>${escapeHtml(author)}</td><td>${escapeHtml(dateLabel)}<br><time datetime="${escapeHtml(date)}">${escapeHtml(date.replace('T', ' '))}</time></td></tr>`;
}

/** The display names of the records' authors (the list shows them as WordPress's does). */
async function authorNames(area: AreaContext, records: readonly ListedRecord[]): Promise<Map<number, string>> {
  const ids = [...new Set(records.map((record) => record.author).filter((id): id is number => typeof id === 'number' && id > 0))];
  const names = new Map<number, string>();
  await Promise.all(
    ids.map(async (id) => {
      const user = await area.auth.users.findById(id);
      if (user !== undefined) names.set(id, user.displayName);
    }),
  );
  return names;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Text with its character references read (`&#8217;` → `’`, `&amp;` → `&`), for showing a
 * rendered title as text.
 *
 * @example
 * decodeEntities('Tom &amp; Jerry&#8217;s'); // 'Tom & Jerry’s'
 */
export function decodeEntities(html: string): string {
  return html.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
      const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    },
  );
}

/** A numeric header of an answer (`X-CMS-Total`), 0 when absent. */
function headerNumber(response: RestResponse, name: string): number {
  const value = response.getHeader(name);
  const text = Array.isArray(value) ? value[0] : value;
  const parsed = Number.parseInt(text ?? '0', 10);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** The methods an OPTIONS answer allows. */
export function allowHeader(response: RestResponse): string[] {
  const value = response.getHeader('Allow');
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return text
    .split(',')
    .map((method) => method.trim().toUpperCase())
    .filter((method) => method !== '');
}

function errorMessage(response: RestResponse): string {
  const data = response.data;
  if (data !== null && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  return `The list could not be read (${response.status}).`;
}

/** Trash (or delete) through the REST API with the page's nonce, then reload the list. */
const TRASH_SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById('list-data').textContent);
  document.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-delete]');
    if (!button) return;
    button.disabled = true;
    const response = await fetch(button.dataset.delete, { method: 'DELETE', credentials: 'same-origin', headers: { [data.nonceHeader]: data.nonce } });
    if (response.ok) { location.reload(); return; }
    const body = await response.json().catch(() => ({}));
    button.disabled = false;
    alert(body.message || 'The item could not be moved to the Trash.');
  });
})();`;
