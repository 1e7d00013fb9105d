import type { RequestArea } from '../src/request.js';

/** Settings, search and oEmbed: the site's own routes beside its content. */
export const site: RequestArea = {
  area: 'site',
  requests: [
    { name: 'settings-anonymous', method: 'GET', path: '/wp/v2/settings', about: 'settings need manage_options' },
    { name: 'settings-author', method: 'GET', path: '/wp/v2/settings', as: 'author', about: 'an author is refused' },
    { name: 'settings', method: 'GET', path: '/wp/v2/settings', as: 'admin', about: 'every setting' },
    { name: 'settings-options', method: 'OPTIONS', path: '/wp/v2/settings', as: 'admin', about: 'the settings schema' },
    {
      name: 'settings-bad',
      method: 'POST',
      path: '/wp/v2/settings',
      as: 'admin',
      body: { posts_per_page: 'many', default_comment_status: 'maybe' },
      about: 'values of the wrong type',
    },
    {
      name: 'settings-update',
      method: 'POST',
      path: '/wp/v2/settings',
      as: 'admin',
      body: { posts_per_page: 12 },
      about: 'one setting changed',
    },
    {
      name: 'settings-restore',
      method: 'POST',
      path: '/wp/v2/settings',
      as: 'admin',
      body: { posts_per_page: 10 },
      about: 'put back',
    },
    { name: 'search', method: 'GET', path: '/wp/v2/search?search=post', about: 'posts matching a word' },
    { name: 'search-page', method: 'GET', path: '/wp/v2/search?search=post&per_page=2&page=2', about: 'paging' },
    { name: 'search-subtype', method: 'GET', path: '/wp/v2/search?search=a&subtype=page', about: 'pages only' },
    { name: 'search-terms', method: 'GET', path: '/wp/v2/search?type=term&search=tech', about: 'terms' },
    { name: 'search-bad-type', method: 'GET', path: '/wp/v2/search?type=nope', about: 'an unknown type' },
    { name: 'search-past-end', method: 'GET', path: '/wp/v2/search?search=post&page=99', about: 'past the last page' },
    {
      name: 'search-embed',
      method: 'GET',
      path: '/wp/v2/search?search=about&subtype=page&_embed',
      about: 'results embedded',
    },
    { name: 'oembed-index', method: 'GET', path: '/oembed/1.0', about: 'the oEmbed namespace' },
    {
      name: 'oembed-post',
      method: 'GET',
      path: '/oembed/1.0/embed?url={origin}/getting-started-with-the-rest-api/',
      // The iframe's data-secret is random on every answer.
      volatile: ['html'],
      about: 'a published post',
    },
    {
      name: 'oembed-xml',
      method: 'GET',
      path: '/oembed/1.0/embed?url={origin}/getting-started-with-the-rest-api/&format=xml',
      // The same data-secret, inside the XML text.
      volatile: ['$text'],
      about: 'the same as XML',
    },
    { name: 'oembed-missing-url', method: 'GET', path: '/oembed/1.0/embed', about: 'no url' },
    {
      name: 'oembed-unknown',
      method: 'GET',
      path: '/oembed/1.0/embed?url={origin}/no-such-post/',
      about: 'a URL that is no post',
    },
    {
      name: 'oembed-proxy-anonymous',
      method: 'GET',
      path: '/oembed/1.0/proxy?url=https://example.com/',
      about: 'proxy needs sign-in',
    },
  ],
};
