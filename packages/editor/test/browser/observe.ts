/**
 * What a browser page says while a flow runs: its console messages (normalized so the
 * original's and cms-json's can be compared) and every REST call it makes (method, route,
 * status), taken from the browser's own network events.
 */
import type { ConsoleMessage, Page, Request } from 'playwright-core';
import type { EditorTarget } from './target.js';

/** One console message, with the addresses in it made comparable between sites. */
export interface ConsoleEntry {
  /** `error`, `warning`, `log`, … as the browser reports it. */
  type: string;
  /** The message, the site's origin replaced by `<origin>`, numbers by `N`. */
  text: string;
}

/** One REST call the page made. */
export interface RestCall {
  method: string;
  /** The route, `/wp/v2/posts/12` (query left out). */
  route: string;
  /** The query string (`?context=edit…`), as sent. */
  query: string;
  /** The answer's status; 0 when no answer came (the request failed). */
  status: number;
}

/** The route with every id (a path segment of digits) a `N`: `/wp/v2/posts/N/autosaves`. */
export function routePattern(route: string): string {
  return route.replace(/\/\d+(?=\/|$)/g, '/N');
}

/** The message made comparable: the origin and every REST root out, every number a `N`. */
export function normalizeConsole(message: string, target: Pick<EditorTarget, 'origin'>): string {
  return message.split(target.origin).join('<origin>').replace(/\d+/g, 'N').replace(/\s+/g, ' ').trim();
}

/** Where a console message came from, as comparable text: a REST route, a same-site path (ids as `N`), or a foreign host. */
function locationOf(message: ConsoleMessage, target: EditorTarget): string {
  const url = message.location().url;
  if (url === '' || !/^https?:/.test(url)) return '';
  const parsed = new URL(url);
  const route = target.restRoute(parsed);
  if (route !== undefined) return ` (REST ${routePattern(route)})`;
  if (parsed.origin === target.origin) return ` (${routePattern(parsed.pathname)})`;
  return ` (${parsed.host})`;
}

/** The messages and calls of one page, gathered until {@link Observer.take} empties them. */
export interface Observer {
  /** The console messages and REST calls since the last take; the lists start again empty. */
  take(): { console: ConsoleEntry[]; rest: RestCall[] };
}

/** Listens to a page (and any page it opens) for console messages and REST calls. */
export function observe(page: Page, target: EditorTarget): Observer {
  let messages: ConsoleEntry[] = [];
  let calls: RestCall[] = [];
  const watch = (watched: Page) => {
    watched.on('console', (message) => {
      const located = message.type() === 'error' ? locationOf(message, target) : '';
      messages.push({ type: message.type(), text: normalizeConsole(message.text(), target) + located });
    });
    watched.on('pageerror', (error) => {
      messages.push({ type: 'pageerror', text: normalizeConsole(String(error), target) });
    });
    const record = (request: Request, status: number) => {
      const url = new URL(request.url());
      const route = target.restRoute(url);
      if (route === undefined) return;
      const query = url.search.replace(/[?&]rest_route=[^&]*/, '').replace(/^&/, '?');
      calls.push({ method: request.method(), route, query, status });
    };
    // The status as soon as the answer's headers arrive (a page may move on before the body ends).
    watched.on('response', (response) => record(response.request(), response.status()));
    watched.on('requestfailed', (request) => {
      void request.response().then((response) => {
        if (response === null) record(request, 0);
      });
    });
  };
  watch(page);
  page.context().on('page', watch);
  return {
    take() {
      const taken = { console: messages, rest: calls };
      messages = [];
      calls = [];
      return taken;
    },
  };
}
