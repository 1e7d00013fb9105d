import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite } from '../../test/site.js';

const SETTING_NAMES = [
  'title',
  'description',
  'url',
  'email',
  'timezone',
  'date_format',
  'time_format',
  'start_of_week',
  'language',
  'use_smilies',
  'default_category',
  'default_post_format',
  'posts_per_page',
  'show_on_front',
  'page_on_front',
  'page_for_posts',
  'default_ping_status',
  'default_comment_status',
  'site_logo',
  'site_icon',
];

for (const prefix of ['cms', 'wp'] as const) {
  describe(`settings in the ${prefix} profile`, () => {
    let site: ContentSite;
    const admin = () => site.people.administrator.headers;

    beforeAll(async () => {
      site = await contentSite({ prefix });
    });
    afterAll(async () => {
      await site.close();
    });

    it('shows the settings of a fresh site, in the original order, to an administrator', async () => {
      const res = await site.client.get(`${site.ns}/settings`, { headers: admin() });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(SETTING_NAMES);
      expect(res.body).toMatchObject({
        title: 'cms-json',
        description: '',
        url: 'http://site.test',
        timezone: 'UTC',
        date_format: 'F j, Y',
        time_format: 'g:i a',
        start_of_week: 1,
        language: 'en_US',
        use_smilies: true,
        default_category: 1,
        default_post_format: '0',
        posts_per_page: 10,
        show_on_front: 'posts',
        default_comment_status: 'open',
        site_logo: null,
        site_icon: 0,
      });
    });

    it('refuses anonymous callers with 401 and others without manage_options with 403', async () => {
      const anonymous = await site.client.get(`${site.ns}/settings`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden');
      const editor = await site.client.post(`${site.ns}/settings`, {
        body: { title: 'Mine' },
        headers: site.people.editor.headers,
      });
      expect(editor.status).toBe(403);
      expect(editor.body).toEqual({
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 403 },
      });
      const after = await site.client.get(`${site.ns}/settings`, { headers: admin() });
      expect(after.body.title).toBe('cms-json');
    });

    it('changes the settings sent, answers them all, and shows the title and tagline in the index', async () => {
      const res = await site.client.post(`${site.ns}/settings`, {
        body: { title: 'Notes', description: 'Short ones', posts_per_page: '5', use_smilies: false, timezone: 'Asia/Kolkata' },
        headers: admin(),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: 'Notes',
        description: 'Short ones',
        posts_per_page: 5,
        use_smilies: false,
        timezone: 'Asia/Kolkata',
      });
      const index = await site.client.get('/');
      expect(index.body).toMatchObject({
        name: 'Notes',
        description: 'Short ones',
        timezone_string: 'Asia/Kolkata',
        gmt_offset: 5.5,
      });
      const patched = await site.client.patch(`${site.ns}/settings`, { body: { date_format: 'Y-m-d' }, headers: admin() });
      expect(patched.body).toMatchObject({ title: 'Notes', date_format: 'Y-m-d' });
    });

    it('takes an empty time zone, as the original does, as no city: UTC, the index without a zone of its own', async () => {
      await site.client.post(`${site.ns}/settings`, { body: { timezone: 'Asia/Kolkata' }, headers: admin() });
      const res = await site.client.post(`${site.ns}/settings`, { body: { timezone: '' }, headers: admin() });
      expect(res.status).toBe(200);
      expect(res.body.timezone).toBe('UTC');
      const index = await site.client.get('/');
      expect([index.body.timezone_string, index.body.gmt_offset]).toEqual(['', '0']);
    });

    it('puts a setting sent as null back to its default', async () => {
      await site.client.post(`${site.ns}/settings`, { body: { posts_per_page: 7 }, headers: admin() });
      const res = await site.client.put(`${site.ns}/settings`, { body: { posts_per_page: null }, headers: admin() });
      expect(res.status).toBe(200);
      expect(res.body.posts_per_page).toBe(10);
    });

    it('refuses values of the wrong type, out of the enum or of a bad format, storing none of the request', async () => {
      const before = (await site.client.get(`${site.ns}/settings`, { headers: admin() })).body;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ posts_per_page: 'many', title: 'Changed' }, 'posts_per_page', 'posts_per_page is not of type integer.'],
        [{ default_comment_status: 'maybe' }, 'default_comment_status', 'default_comment_status is not one of open and closed.'],
        [{ use_smilies: 'perhaps' }, 'use_smilies', 'use_smilies is not of type boolean.'],
        [{ email: 'not an address' }, 'email', 'Invalid email address.'],
        [{ title: ['a'] }, 'title', 'title is not of type string.'],
        [{ timezone: 'Mars/Olympus' }, 'timezone', 'timezone is not a valid time zone.'],
      ];
      for (const [body, param, message] of cases) {
        const res = await site.client.post(`${site.ns}/settings`, { body, headers: admin() });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('rest_invalid_param');
        expect(res.body.data.params[param]).toBe(message);
      }
      const after = (await site.client.get(`${site.ns}/settings`, { headers: admin() })).body;
      expect(after).toEqual(before);
    });

    it('describes the settings in OPTIONS as the original schema', async () => {
      const res = await site.client.options(`${site.ns}/settings`);
      expect(res.body.schema.title).toBe('settings');
      expect(res.body.schema.properties.posts_per_page).toEqual({
        type: 'integer',
        description: 'Blog pages show at most.',
        default: 10,
      });
      expect(res.body.schema.properties.default_comment_status).toEqual({
        type: 'string',
        description: 'Allow people to submit comments on new posts.',
        default: null,
        enum: ['open', 'closed'],
      });
      expect(res.body.endpoints[1].methods).toEqual(['POST', 'PUT', 'PATCH']);
      expect(res.body.endpoints[1].args.email).toEqual({
        type: 'string',
        description: 'This address is used for admin purposes, like new user notification.',
        format: 'email',
        required: false,
      });
    });
  });
}
