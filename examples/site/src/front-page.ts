/**
 * The front page `/`: an HTML page with the discovery `<link>` element that lists the
 * outgoing links with their `/out/` addresses.
 *
 * @module
 */
import { discoveryLinkElement, type PageDefinition } from '@cms-json/core';
import type { OutgoingLinksStore } from '@cms-json/example-outgoing-links';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The front page. */
export function frontPage(options: {
  store: OutgoingLinksStore;
  siteUrl: string;
  restRootUrl: string;
  curieBase: string;
}): PageDefinition {
  return {
    path: '/',
    handler: async () => {
      const { items, total } = await options.store.list({ limit: 100, offset: 0, order: 'asc', orderby: 'id' });
      const rows = items
        .map(
          (link) =>
            `<li><a href="${escapeHtml(`${options.siteUrl}/out/${link.slug}`)}">${escapeHtml(link.title)}</a> ` +
            `<small>${escapeHtml(link.link)} · ${link.count} clicks</small></li>`,
        )
        .join('\n      ');
      const body = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>cms-json example site</title>
    ${discoveryLinkElement({ restRootUrl: options.restRootUrl, curieBase: options.curieBase })}
  </head>
  <body>
    <h1>cms-json example site</h1>
    <p>The REST API lives at <a href="${escapeHtml(options.restRootUrl)}">${escapeHtml(options.restRootUrl)}</a>.</p>
    <h2>Outgoing links (${total})</h2>
    <ul>
      ${rows}
    </ul>
  </body>
</html>
`;
      return { body };
    },
  };
}
