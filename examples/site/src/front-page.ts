/**
 * The front page `/`: an HTML page with the discovery `<link>` element that lists what a
 * visitor may read — the latest posts (sticky ones first), the pages, the books with their
 * book author and genres — and the outgoing links with their `/out/` addresses, with the oEmbed
 * discovery links of the front page's content in its `<head>` (see {@link frontPageEmbed}). The content
 * is read through the site's own REST routes, in process, as an anonymous visitor, so
 * drafts, pending and private records never show.
 *
 * @module
 */
import type { Auth, OptionsStore } from '@cms-json/content';
import { oembedDiscoveryLinks } from '@cms-json/content';
import { discoveryLinkElement, type PageDefinition, type RestServer } from '@cms-json/core';
import type { OutgoingLinksStore } from '@cms-json/example-outgoing-links';
import { escapeHtml, renderedAsText } from './html-text.js';
import { previewPage } from './record-page.js';

/** The fields of a post-like record the page shows. */
interface Item {
  id: number;
  link: string;
  title: { rendered: string };
  sticky?: boolean;
  parent?: number;
  author?: string | number;
  genres?: number[];
  content?: { protected: boolean };
}

/** A term's id and name. */
interface Term {
  id: number;
  name: string;
}

/** The records of a list route as an anonymous visitor reads them; none when the route is missing. */
async function read<T>(server: RestServer, path: string): Promise<T[]> {
  const res = await server.dispatch({ path, user: null });
  return res.status === 200 && Array.isArray(res.data) ? (res.data as T[]) : [];
}

/** A rendered title is HTML (entities, the filters' typography, an administrator's markup): shown as text. */
function titleLink(item: Item): string {
  return `<a href="${escapeHtml(item.link)}">${item.title.rendered === '' ? '(no title)' : renderedAsText(item.title.rendered)}</a>`;
}

function list(items: readonly string[], empty: string): string {
  return items.length === 0 ? `<p>${empty}</p>` : `<ul>\n      ${items.join('\n      ')}\n    </ul>`;
}

/**
 * The address whose oEmbed discovery links the front page carries: with a static front page
 * (`show_on_front` `page`), that page's, as WordPress (its front page is then singular);
 * when the front page shows the latest posts, the newest post's. WordPress adds the links to
 * singular pages only, so its posts front page has none: this is the example site's choice.
 */
export async function frontPageEmbed(server: RestServer, options: OptionsStore): Promise<string | undefined> {
  const ns = `/${server.names.prefix}/v2`;
  const [showOnFront, pageOnFront] = await Promise.all([options.get('show_on_front'), options.get('page_on_front')]);
  if (showOnFront === 'page' && pageOnFront > 0) {
    const page = await server.dispatch({ path: `${ns}/pages/${pageOnFront}`, user: null });
    if (page.status === 200) return (page.data as Item).link;
  }
  return (await read<Item>(server, `${ns}/posts?per_page=1`))[0]?.link;
}

/** The front page. */
export function frontPage(options: {
  server: RestServer;
  store: OutgoingLinksStore;
  siteUrl: string;
  restRootUrl: string;
  curieBase: string;
  /** The site options (what the front page shows). */
  options: OptionsStore;
  /** The site's sign-in: previews (`/?p=12&preview=true`, a draft's preview link) are the signed-in user's. */
  auth: Auth;
}): PageDefinition {
  const { server } = options;
  return {
    path: '/',
    handler: async (request) => {
      const preview = await previewPage(options, request);
      if (preview !== undefined) return preview;
      const ns = `/${server.names.prefix}/v2`;
      const [sticky, latest, pages, books, bookAuthors, genres, links, embedded] = await Promise.all([
        read<Item>(server, `${ns}/posts?sticky=true&per_page=10`),
        read<Item>(server, `${ns}/posts?sticky=false&per_page=10`),
        read<Item>(server, `${ns}/pages?per_page=100&orderby=menu_order&order=asc`),
        read<Item>(server, `${ns}/books?per_page=100&orderby=title&order=asc`),
        read<Item>(server, `${ns}/book-authors?per_page=100`),
        read<Term>(server, `${ns}/genres?per_page=100`),
        options.store.list({ limit: 100, offset: 0, order: 'asc', orderby: 'id' }),
        frontPageEmbed(server, options.options),
      ]);
      const embedLinks =
        embedded === undefined
          ? ''
          : `\n    ${oembedDiscoveryLinks({ restRootUrl: options.restRootUrl, permalink: embedded }).trimEnd().replace(/\n/g, '\n    ')}`;
      const authorNames = new Map(bookAuthors.map((author) => [String(author.id), renderedAsText(author.title.rendered)]));
      const genreNames = new Map(genres.map((genre) => [genre.id, escapeHtml(genre.name)]));
      const postRows = [...sticky, ...latest].map(
        (post) =>
          `<li>${titleLink(post)}${post.sticky === true ? ' <small>(sticky)</small>' : ''}` +
          `${post.content?.protected === true ? ' <small>(password protected)</small>' : ''}</li>`,
      );
      const pageRows = pages.map((page) => `<li>${(page.parent ?? 0) > 0 ? '&nbsp;&nbsp;↳ ' : ''}${titleLink(page)}</li>`);
      const bookRows = books.map((book) => {
        const author = authorNames.get(String(book.author));
        const kinds = (book.genres ?? []).map((id) => genreNames.get(id)).filter((name) => name !== undefined);
        return (
          `<li>${titleLink(book)}${author === undefined ? '' : ` by ${author}`}` +
          `${kinds.length === 0 ? '' : ` <small>${kinds.join(', ')}</small>`}</li>`
        );
      });
      const linkRows = links.items.map(
        (link) =>
          `<li><a href="${escapeHtml(`${options.siteUrl}/out/${link.slug}`)}">${escapeHtml(link.title)}</a> ` +
          `<small>${escapeHtml(link.link)} · ${link.count} clicks</small></li>`,
      );
      const body = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>cms-json example site</title>
    ${discoveryLinkElement({ restRootUrl: options.restRootUrl, curieBase: options.curieBase })}${embedLinks}
  </head>
  <body>
    <h1>cms-json example site</h1>
    <p>The REST API lives at <a href="${escapeHtml(options.restRootUrl)}">${escapeHtml(options.restRootUrl)}</a>.</p>
    <h2>Posts</h2>
    ${list(postRows, 'No posts yet.')}
    <h2>Pages</h2>
    ${list(pageRows, 'No pages yet.')}
    <h2>Books</h2>
    ${list(bookRows, 'No books yet.')}
    <h2>Outgoing links (${links.total})</h2>
    ${list(linkRows, 'No outgoing links yet.')}
  </body>
</html>
`;
      return { body };
    },
  };
}
