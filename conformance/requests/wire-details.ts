import type { RequestArea } from '../src/request.js';

/**
 * Small wire details a second set of recordings of the original found (issue 35): a time zone
 * sent empty, a book without a book author, the paging links of a `?rest_route=` request, and
 * the refusals of a `tel/v1` title that sanitizes to nothing. Kept in an area of their own so
 * capturing them rewrites no other area's fixtures.
 */
export const wireDetails: RequestArea = {
  area: 'wire-details',
  requests: [
    {
      name: 'settings-timezone-city',
      method: 'POST',
      path: '/wp/v2/settings',
      as: 'admin',
      body: { timezone: 'Europe/Berlin' },
      about: 'a city as the time zone',
    },
    {
      name: 'settings-timezone-empty',
      method: 'POST',
      path: '/wp/v2/settings',
      as: 'admin',
      body: { timezone: '' },
      about: 'an empty time zone is accepted (no city: the offset, UTC), and puts the site back',
    },
    {
      name: 'rest-route-first-page',
      method: 'GET',
      path: '~/?rest_route=/wp/v2/posts&page=1&_fields=id',
      about: 'the next link of a ?rest_route= request keeps rest_route in its query',
    },
    {
      name: 'rest-route-middle-page',
      method: 'GET',
      path: '~/?rest_route=/wp/v2/posts&per_page=5&page=2&_fields=id',
      about: 'prev and next of a ?rest_route= request',
    },
    {
      name: 'book-create-without-author',
      method: 'POST',
      path: '/wp/v2/books?_fields=id,author,_links',
      as: 'admin',
      body: { title: 'A book nobody wrote', status: 'publish' },
      save: { book: 'id' },
      about: 'a book without a book author: author "" and still an author link',
    },
    {
      name: 'book-without-author',
      method: 'GET',
      path: '/wp/v2/books/{book}?_fields=id,author,_links',
      about: 'read again',
    },
    {
      name: 'book-without-author-embed',
      method: 'GET',
      path: '/wp/v2/books/{book}?_embed=author&_fields=author,_links,_embedded',
      about: 'its author link embedded: rest_no_route (the trailing slash names no route)',
    },
    {
      name: 'book-delete',
      method: 'DELETE',
      path: '/wp/v2/books/{book}?force=true&_fields=deleted',
      as: 'admin',
      about: 'delete it again',
    },
    {
      name: 'tel-create',
      method: 'POST',
      path: '/tel/v1/outgoing-links',
      as: 'admin',
      body: { title: 'Wire details', link: 'https://wire.test/' },
      save: { link: 'id' },
      about: 'a link to update',
    },
    {
      name: 'tel-put-empty-title',
      method: 'PUT',
      path: '/tel/v1/outgoing-links/{link}',
      as: 'admin',
      body: { title: '' },
      about: 'an empty title fails the title check: 400 rest_invalid_param',
    },
    {
      name: 'tel-put-blank-title',
      method: 'PUT',
      path: '/tel/v1/outgoing-links/{link}',
      as: 'admin',
      body: { title: ' <b></b> ' },
      about: 'a title that sanitizes to nothing',
    },
    {
      name: 'tel-put-array-title',
      method: 'PUT',
      path: '/tel/v1/outgoing-links/{link}',
      as: 'admin',
      body: { title: ['Wire'] },
      about: 'a title sent as an array: "Invalid parameter." and no details',
    },
    {
      name: 'tel-put-zero-title',
      method: 'PUT',
      path: '/tel/v1/outgoing-links/{link}',
      as: 'admin',
      body: { title: '0' },
      about: "a title of '0', which PHP's empty() counts as empty",
    },
    {
      name: 'tel-create-empty-title',
      method: 'POST',
      path: '/tel/v1/outgoing-links',
      as: 'admin',
      body: { title: '', link: 'https://wire.test/' },
      about: 'an empty title on a create',
    },
    {
      name: 'tel-get-unchanged',
      method: 'GET',
      path: '/tel/v1/outgoing-links/{link}',
      about: 'the refused updates changed nothing',
    },
    {
      name: 'tel-put-number-title',
      method: 'PUT',
      path: '/tel/v1/outgoing-links/{link}',
      as: 'admin',
      body: { title: 5 },
      about: 'a number as the title: stored as its digits',
    },
    { name: 'tel-delete', method: 'DELETE', path: '/tel/v1/outgoing-links/{link}', as: 'admin', about: 'delete it again' },
  ],
};
