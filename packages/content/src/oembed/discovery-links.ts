/**
 * The oEmbed discovery `<link>` elements of a page that shows one record, as WordPress's
 * `wp_oembed_add_discovery_links`: the JSON and the XML form of `/oembed/1.0/embed` for the
 * record's permalink. Put them in the page's `<head>`.
 *
 * @module
 */

/** PHP's `urlencode`, as `get_oembed_endpoint_url` encodes the permalink. */
function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * The two discovery elements for a record's page.
 *
 * @example
 * oembedDiscoveryLinks({ restRootUrl: 'https://example.com/cms-json/', permalink: 'https://example.com/hello-world/' });
 * // <link rel="alternate" type="application/json+oembed" href="https://example.com/cms-json/oembed/1.0/embed?url=https%3A%2F%2Fexample.com%2Fhello-world%2F" />
 * // <link rel="alternate" type="text/xml+oembed" href="…&#038;format=xml" />
 */
export function oembedDiscoveryLinks(options: { restRootUrl: string; permalink: string }): string {
  const endpoint = `${options.restRootUrl.replace(/\/?$/, '/')}oembed/1.0/embed?url=${phpUrlencode(options.permalink)}`;
  const attribute = (text: string) => text.replace(/&/g, '&#038;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    `<link rel="alternate" type="application/json+oembed" href="${attribute(endpoint)}" />\n` +
    `<link rel="alternate" type="text/xml+oembed" href="${attribute(`${endpoint}&format=xml`)}" />\n`
  );
}
