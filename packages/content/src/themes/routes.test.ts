import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';
import { THEME_FEATURES, type ThemeDeclaration } from './theme.js';

const THEME: ThemeDeclaration = {
  stylesheet: 'harbour',
  name: 'Harbour & Sea',
  version: '2.1',
  author: 'Ann <Example>',
  authorUri: 'https://ann.example/',
  tags: ['blog', 'wide-blocks'],
  supports: {
    'align-wide': true,
    'editor-color-palette': [{ name: 'Sea', slug: 'sea', color: '#0af' }],
    'post-thumbnails': ['post', 'book'],
  },
};

describe('the themes routes', () => {
  let site: ContentSite;
  let bare: ContentSite;

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp', theme: THEME });
    bare = await contentSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
    await bare.close();
  });

  it('answers the active theme to anyone who may edit posts, with every feature of theme_supports', async () => {
    for (const role of ['contributor', 'author', 'editor'] as const) {
      const res = await site.client.get('/wp/v2/themes?status=active', { headers: site.people[role].headers });
      expect(res.status).toBe(200);
      expect(res.header('x-wp-total')).toBe('1');
      expect(res.header('x-wp-totalpages')).toBe('1');
      expect(res.body).toHaveLength(1);
    }
    const [theme] = (await site.client.get('/wp/v2/themes?status=active', { headers: site.people.author.headers })).body;
    expect(theme).toMatchObject({
      stylesheet: 'harbour',
      template: 'harbour',
      status: 'active',
      version: '2.1',
      name: { raw: 'Harbour & Sea', rendered: 'Harbour &amp; Sea' },
      author: { raw: 'Ann <Example>', rendered: '<a href="https://ann.example/">Ann &lt;Example&gt;</a>' },
      tags: { raw: ['blog', 'wide-blocks'], rendered: 'blog, wide-blocks' },
    });
    expect(Object.keys(theme.theme_supports)).toEqual(Object.keys(THEME_FEATURES));
    expect(theme.theme_supports).toMatchObject({
      'align-wide': true,
      'responsive-embeds': false,
      'editor-color-palette': [{ name: 'Sea', slug: 'sea', color: '#0af' }],
      'editor-font-sizes': false,
      'post-thumbnails': ['post', 'book'],
      formats: ['standard'],
    });
    expect(theme._links.self[0].href).toBe('http://site.test/wp-json/wp/v2/themes/harbour');
  });

  it('declares the default theme when the site declares none', async () => {
    const res = await bare.client.get('/wp/v2/themes/cms-json', { headers: bare.people.contributor.headers });
    expect(res.status).toBe(200);
    expect(res.body.theme_supports).toMatchObject({ 'align-wide': true, 'post-thumbnails': true, 'responsive-embeds': true });
  });

  it('refuses the active theme to anonymous callers and subscribers', async () => {
    const anonymous = await site.client.get('/wp/v2/themes?status=active');
    expect([anonymous.status, anonymous.body]).toEqual([
      401,
      {
        code: 'rest_cannot_view_active_theme',
        message: 'Sorry, you are not allowed to view the active theme.',
        data: { status: 401 },
      },
    ]);
    const subscriber = await site.client.get('/wp/v2/themes/harbour', { headers: site.people.subscriber.headers });
    expect([subscriber.status, subscriber.body.code]).toEqual([403, 'rest_cannot_view_active_theme']);
  });

  it('lists the themes and reads any stylesheet only for those who may switch themes', async () => {
    const author = await site.client.get('/wp/v2/themes', { headers: site.people.author.headers });
    expect([author.status, author.body]).toEqual([
      403,
      { code: 'rest_cannot_view_themes', message: 'Sorry, you are not allowed to view themes.', data: { status: 403 } },
    ]);
    const both = await site.client.get('/wp/v2/themes?status=active,inactive', { headers: site.people.editor.headers });
    expect([both.status, both.body.code]).toEqual([403, 'rest_cannot_view_themes']);
    const other = await site.client.get('/wp/v2/themes/twentytwentyone', { headers: site.people.editor.headers });
    expect([other.status, other.body.code]).toEqual([403, 'rest_cannot_view_themes']);
    const admin = await site.client.get('/wp/v2/themes?_fields=stylesheet,status', {
      headers: site.people.administrator.headers,
    });
    expect(admin.body).toEqual([{ stylesheet: 'harbour', status: 'active' }]);
    const inactive = await site.client.get('/wp/v2/themes?status=inactive', { headers: site.people.administrator.headers });
    expect([inactive.status, inactive.body]).toEqual([200, []]);
    const missing = await site.client.get('/wp/v2/themes/nope', { headers: site.people.administrator.headers });
    expect([missing.status, missing.body]).toEqual([
      404,
      { code: 'rest_theme_not_found', message: 'Theme not found.', data: { status: 404 } },
    ]);
  });

  it('refuses an unknown status as the original', async () => {
    const res = await site.client.get('/wp/v2/themes?status=bad', { headers: site.people.administrator.headers });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): status',
      data: { params: { status: 'status[0] is not one of active and inactive.' } },
    });
  });

  it('publishes the original schema of theme_supports', async () => {
    const res = await site.client.options('/wp/v2/themes');
    expect(res.body.schema.title).toBe('theme');
    expect(res.body.schema.properties.theme_supports.properties['editor-font-sizes']).toEqual({
      description: 'Custom font sizes if defined by the theme.',
      type: ['boolean', 'array'],
      default: false,
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, size: { type: 'number' }, slug: { type: 'string' } },
        additionalProperties: false,
      },
    });
  });
});
