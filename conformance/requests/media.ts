import type { RequestArea } from '../src/request.js';

/** The start of a PNG, sent as a raw body (refused before its bytes are looked at). */
const PNG =
  '\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82';

/** Media: the empty library, the schema, and the uploads refused before any file is kept. */
export const media: RequestArea = {
  area: 'media',
  requests: [
    { name: 'list', method: 'GET', path: '/wp/v2/media', about: 'no media yet' },
    { name: 'list-type', method: 'GET', path: '/wp/v2/media?media_type=image', about: 'the media_type filter' },
    { name: 'get-unknown', method: 'GET', path: '/wp/v2/media/9999', about: 'an unknown attachment' },
    { name: 'get-post', method: 'GET', path: '/wp/v2/media/4', about: 'a post through /media' },
    { name: 'options', method: 'OPTIONS', path: '/wp/v2/media', about: 'OPTIONS of the collection' },
    { name: 'create-anonymous', method: 'POST', path: '/wp/v2/media', body: {}, about: 'uploads need upload_files' },
    { name: 'create-no-file', method: 'POST', path: '/wp/v2/media', as: 'admin', body: {}, about: 'no file sent' },
    {
      name: 'create-no-disposition',
      method: 'POST',
      path: '/wp/v2/media',
      as: 'admin',
      headers: { 'content-type': 'image/png' },
      body: PNG,
      about: 'a raw body without Content-Disposition',
    },
  ],
};
