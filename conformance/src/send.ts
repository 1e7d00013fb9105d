/**
 * Sends one {@link ConformanceRequest} over HTTP and reads the answer: the same code talks to
 * the original (capture) and to cms-json (the test), so both are asked the same way.
 *
 * @module
 */
import type { ConformanceRequest, Sender } from './request.js';

/** The seeded users and their application passwords, the same on both sites. */
export const SEEDED_CREDENTIALS = {
  admin: ['admin', 'oracleadminapppassword01'],
  author: ['author', 'oracleauthorapppasswd001'],
} as const satisfies Record<string, readonly [string, string]>;

/** Where a site answers: its origin and its REST root path (`/wp-json`). */
export interface Target {
  /** e.g. `http://127.0.0.1:8081`, no trailing slash. */
  readonly origin: string;
  readonly restRoot: string;
}

/** An answer as read off the wire. */
export interface WireAnswer {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

/** Values saved by earlier requests (`save`), substituted into `{name}` in paths. */
export type SavedValues = Map<string, string>;

function fill(path: string, saved: SavedValues): string {
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => saved.get(name) ?? whole);
}

/**
 * A JSON body with saved values filled in: a string that is exactly `{name}` becomes the saved
 * value (a number when it is one), so a later request can name a record an earlier one made.
 */
function fillBody(body: unknown, saved: SavedValues): unknown {
  if (typeof body === 'string') {
    const name = /^\{(\w+)\}$/.exec(body)?.[1];
    const value = name === undefined ? undefined : saved.get(name);
    if (value === undefined) return body;
    return /^\d+$/.test(value) ? Number(value) : value;
  }
  if (Array.isArray(body)) return body.map((item) => fillBody(item, saved));
  if (body !== null && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fillBody(value, saved)]));
  }
  return body;
}

/** The URL a request goes to on a target. */
export function urlOf(target: Target, request: ConformanceRequest, saved: SavedValues): string {
  // `{origin}` is the target's own address (a URL of the site in a query, as oEmbed takes).
  const path = fill(request.path, saved).replaceAll('{origin}', target.origin);
  if (path.startsWith('~/')) return `${target.origin}/${path.slice(2)}`;
  return `${target.origin}${target.restRoot}${path}`;
}

function authorization(sender: Sender | undefined): string | undefined {
  if (sender === undefined || sender === 'anonymous') return undefined;
  const [user, password] = typeof sender === 'string' ? SEEDED_CREDENTIALS[sender] : sender.basic;
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** Sends a request and reads the whole answer. Redirects are not followed. */
export async function send(target: Target, request: ConformanceRequest, saved: SavedValues): Promise<WireAnswer> {
  const headers: Record<string, string> = { ...request.headers };
  const auth = authorization(request.as);
  if (auth !== undefined) headers.authorization = auth;
  let body: string | Uint8Array | undefined;
  if (request.body !== undefined) {
    // A string or bytes (an upload) is sent as it is.
    if (typeof request.body === 'string' || request.body instanceof Uint8Array) body = request.body;
    else {
      body = JSON.stringify(fillBody(request.body, saved));
      headers['content-type'] ??= 'application/json';
    }
  }
  const res = await fetch(urlOf(target, request, saved), { method: request.method, headers, body, redirect: 'manual' });
  const answerHeaders: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    answerHeaders[name.toLowerCase()] = value;
  });
  return { status: res.status, headers: answerHeaders, text: await res.text() };
}

/** Reads `save` off an answer's JSON body into `saved` (before the answer is marked). */
export function saveValues(request: ConformanceRequest, answer: WireAnswer, saved: SavedValues): void {
  if (request.save === undefined) return;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return;
  }
  for (const [name, key] of Object.entries(request.save)) {
    const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' || typeof value === 'number') saved.set(name, String(value));
  }
}
