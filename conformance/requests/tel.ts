import type { RequestArea } from '../src/request.js';

/**
 * `tel/v1` outgoing links: the answers that do not depend on the original's seeded click
 * counts (errors, refusals, an empty search); see docs/conformance.md for what is not covered.
 */
export const tel: RequestArea = {
  area: 'tel',
  requests: [
    { name: 'id-not-a-number', method: 'GET', path: '/tel/v1/outgoing-links/abc', about: 'an id off its pattern: rest_no_route' },
    { name: 'get-unknown', method: 'GET', path: '/tel/v1/outgoing-links/99999', about: 'an unknown id' },
    { name: 'per-page-zero', method: 'GET', path: '/tel/v1/outgoing-links?per_page=0', about: 'per_page below its minimum' },
    { name: 'page-zero', method: 'GET', path: '/tel/v1/outgoing-links?page=0', about: 'page below its minimum' },
    {
      name: 'create-anonymous',
      method: 'POST',
      path: '/tel/v1/outgoing-links',
      body: { title: 'x', link: 'https://x.test/' },
      about: 'a create without credentials',
    },
    {
      name: 'create-as-author',
      method: 'POST',
      path: '/tel/v1/outgoing-links',
      as: 'author',
      body: { title: 'x', link: 'https://x.test/' },
      save: { link: 'id' },
      about: 'an author may create links',
    },
    { name: 'delete-created', method: 'DELETE', path: '/tel/v1/outgoing-links/{link}', as: 'admin', about: 'delete it again' },
    {
      name: 'delete-unknown-anonymous',
      method: 'DELETE',
      path: '/tel/v1/outgoing-links/99999',
      about: 'arguments are checked before permissions: 400, not 401',
    },
    { name: 'options', method: 'OPTIONS', path: '/tel/v1/outgoing-links', about: 'OPTIONS of the collection' },
  ],
};
