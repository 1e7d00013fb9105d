import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite, SITE_URL } from '../../test/area-site.js';

let site: AreaSite;
beforeAll(async () => {
  site = await areaSite();
});
afterAll(async () => {
  await site.close();
});

describe('who may enter the area', () => {
  it('sends a visitor who is not signed in to the sign-in page, with redirect_to back', async () => {
    const res = await site.page('?post_type=page&post_status=draft');
    expect(res.status).toBe(302);
    const location = new URL(res.header('Location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE_URL}/cms-admin/sign-in`);
    expect(location.searchParams.get('redirect_to')).toBe(`${SITE_URL}/cms-admin/?post_type=page&post_status=draft`);
    expect(res.header('Cache-Control')).toContain('no-store');
  });

  it('treats a cookie of an ended or unknown session as signed out', async () => {
    const res = await site.page('', { cookie: 'cms_logged_in=1|not-a-session' });
    expect(res.status).toBe(302);
  });

  it('refuses a subscriber with the original 403 page', async () => {
    const subscriber = await site.signIn(site.people.subscriber);
    for (const path of ['', 'post-new.php?post_type=post', 'post.php?post=1&action=edit']) {
      const res = await site.page(path, subscriber);
      expect(res.status).toBe(403);
      expect(res.text).toContain('Sorry, you are not allowed to access this page.');
    }
  });

  it('lets a contributor in', async () => {
    const contributor = await site.signIn(site.people.contributor);
    const res = await site.page('', contributor);
    expect(res.status).toBe(200);
    expect(res.header('Content-Type')).toMatch(/^text\/html/);
  });
});
