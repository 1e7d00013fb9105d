/**
 * Previews, as WordPress 6.1 makes them: an autosave's `preview_link` is the record's address
 * with `preview=true`, and for an autosave revision `preview_id` and a `preview_nonce` of the
 * caller's session (`post_preview_<id>`); a site's page given such an address shows the
 * record with the newest autosave's title, content and excerpt ({@link previewedPost}).
 *
 * @module
 */
import type { RestError, RestRequest, RestServer } from '@cms-json/core';
import type { Auth, HeaderMap } from '../auth/auth.js';
import { authProof } from '../auth/authenticator.js';
import type { NonceSession } from '../auth/nonces.js';
import { contentError } from '../errors.js';

/**
 * The nonce action of a record's preview, as WordPress's `post_preview_<id>`.
 *
 * @example
 * auth.createNonce(session, previewNonceAction(12)); // the `preview_nonce` of post 12
 */
export function previewNonceAction(postId: number): string {
  return `post_preview_${postId}`;
}

/**
 * The session a request's nonces are made for: its user and, signed in with the session
 * cookie, the session's token (an application password has none, as in the original).
 *
 * @example
 * auth.createNonce(nonceSessionOf(request), previewNonceAction(post.id));
 */
export function nonceSessionOf(request: RestRequest): NonceSession {
  const proof = authProof.get(request);
  return { userId: request.user?.id ?? 0, token: proof?.method === 'cookie' ? proof.session.token : '' };
}

/**
 * A record's preview address, as WordPress's `get_preview_post_link`: its `link` with the
 * query arguments and `preview=true` added (after those of a plain `?p=` address); `''` for
 * a type visitors do not see (not `public`).
 *
 * @example
 * previewLink('http://example.com/hello/', { preview_id: '12', preview_nonce: 'abc' }, { viewable: true });
 * // 'http://example.com/hello/?preview_id=12&preview_nonce=abc&preview=true'
 */
export function previewLink(link: string, args: Readonly<Record<string, string>>, type: { viewable: boolean }): string {
  if (!type.viewable) return '';
  const query = new URLSearchParams({ ...args, preview: 'true' }).toString();
  return `${link}${link.includes('?') ? '&' : '?'}${query}`;
}

/**
 * What {@link previewedPost} reads of a page's request: its headers (the session cookie) and
 * its query (`preview`, `preview_id`, `preview_nonce`, `p`, `page_id`).
 *
 * @example
 * const request: PreviewRequest = { headers: { cookie: 'cms_logged_in=…' }, query: { p: '12', preview: 'true' } };
 */
export interface PreviewRequest {
  readonly headers: HeaderMap;
  readonly query: Readonly<Record<string, unknown>>;
}

/**
 * A previewed record, as a page shows it: its address, type, status and the rendered title,
 * content and excerpt (the newest autosave's when the preview asked for it).
 *
 * @example
 * const shown: PreviewedRecord = { id: 12, type: 'post', status: 'draft', link, title: { rendered: 'Hi' }, content: { rendered: '<p>…</p>\n', protected: false }, excerpt: { rendered: '' } };
 */
export interface PreviewedRecord {
  readonly id: number;
  readonly type: string;
  readonly status: string;
  readonly link: string;
  readonly title: { readonly rendered: string };
  readonly content: { readonly rendered: string; readonly protected: boolean };
  readonly excerpt: { readonly rendered: string };
  /** The id of the autosave shown instead of the record's own text; none when the record's own is shown. */
  readonly autosave?: number | undefined;
}

/**
 * The outcome of {@link previewedPost}: the record to show, or the refusal to answer with
 * (its `status`, and its message for the page).
 */
export type PreviewOutcome = { readonly record: PreviewedRecord } | { readonly error: RestError };

/** A query value as one string (`?p=1&p=2` gives the first), or `undefined`. */
function single(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** A positive integer from a query value, or `undefined`. */
function positiveId(value: unknown): number | undefined {
  const text = single(value);
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The fields of a record read for a preview. */
interface ReadRecord {
  id: number;
  type: string;
  status: string;
  link: string;
  title?: { rendered: string };
  content?: { rendered: string; protected: boolean };
  excerpt?: { rendered: string };
}

/** The fields of an autosave read for a preview. */
interface ReadAutosave {
  id: number;
  title: { rendered: string };
  content: { rendered: string };
  excerpt: { rendered: string };
}

/**
 * The record a site's page previews, as WordPress's `preview=true` does: `undefined` when the
 * query asks for no preview (`preview=true` with `preview_id`, `p` or `page_id`) or when the
 * caller may not read the record (the page's own 404); with `preview_id` and
 * `preview_nonce`, the nonce must be the signed-in caller's for that record (else 403
 * `rest_cannot_preview`, as `_show_post_preview`), and the newest autosave's title, content
 * and excerpt replace the record's (any author's, as `_set_preview`). The caller is the
 * session cookie's user (a page is read without a REST nonce, as WordPress's front end); the
 * record and its autosaves are read through the site's own routes, as that user.
 *
 * @example
 * server.page({ path: '/', handler: async (request) => {
 *   const preview = await previewedPost({ server, auth }, request);
 *   if (preview !== undefined && 'error' in preview) return { status: preview.error.status, body: preview.error.message };
 *   …
 * } });
 */
export async function previewedPost(
  parts: { readonly server: RestServer; readonly auth: Auth },
  request: PreviewRequest,
): Promise<PreviewOutcome | undefined> {
  const { server, auth } = parts;
  if (single(request.query.preview) !== 'true') return undefined;
  const previewId = positiveId(request.query.preview_id);
  const id = previewId ?? positiveId(request.query.p) ?? positiveId(request.query.page_id);
  if (id === undefined) return undefined;
  const signedIn = await auth.sessionOf(request.headers);
  const nonce = single(request.query.preview_nonce);
  const withAutosave = previewId !== undefined && nonce !== undefined;
  if (withAutosave) {
    const session: NonceSession = { userId: signedIn?.user.id ?? 0, token: signedIn?.session.token ?? '' };
    if (auth.verifyNonce(nonce, session, previewNonceAction(previewId)) === 0) {
      return { error: contentError('rest_cannot_preview') };
    }
  }
  const user = signedIn?.user ?? null;
  const ns = `${server.names.prefix}/v2`;
  const types = await server.dispatch({ path: `/${ns}/types`, user });
  if (types.status !== 200 || typeof types.data !== 'object' || types.data === null) return undefined;
  for (const type of Object.values(types.data as Record<string, { rest_base?: string; rest_namespace?: string }>)) {
    if (type.rest_base === undefined) continue;
    const base = `/${type.rest_namespace ?? ns}/${type.rest_base}/${id}`;
    const found = await server.dispatch({ path: base, user });
    if (found.status !== 200) continue;
    const record = found.data as ReadRecord;
    const shown: PreviewedRecord = {
      id: record.id,
      type: record.type,
      status: record.status,
      link: record.link,
      title: { rendered: record.title?.rendered ?? '' },
      content: { rendered: record.content?.rendered ?? '', protected: record.content?.protected ?? false },
      excerpt: { rendered: record.excerpt?.rendered ?? '' },
    };
    if (!withAutosave) return { record: shown };
    const autosaves = await server.dispatch({ path: `${base}/autosaves`, user });
    const [newest] = autosaves.status === 200 && Array.isArray(autosaves.data) ? (autosaves.data as ReadAutosave[]) : [];
    if (newest === undefined) return { record: shown };
    return {
      record: {
        ...shown,
        title: { rendered: newest.title.rendered },
        content: { rendered: newest.content.rendered, protected: shown.content.protected },
        excerpt: { rendered: newest.excerpt.rendered },
        autosave: newest.id,
      },
    };
  }
  return undefined;
}
