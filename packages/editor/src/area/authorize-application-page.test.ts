import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite, pageData, SITE_URL } from '../../test/area-site.js';
import { authorizationProblems, redirectUrlProblem } from './authorize-application-page.js';

let site: AreaSite;
beforeAll(async () => {
  site = await areaSite();
});
afterAll(async () => {
  await site.close();
});

interface AuthorizeData {
  createUrl: string;
  nonceHeader: string;
  nonce: string;
  siteUrl: string;
  userLogin: string;
  success: string | null;
  reject: string;
}

const APP_ID = '3f1c2a6e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';

describe('the success and reject URLs an application may give', () => {
  it('accepts https, an app scheme with a host, and http to this machine', () => {
    for (const url of [
      'https://app.example/done',
      'myapp://authorized',
      'http://localhost:3000/cb',
      'http://127.0.0.1/cb',
      'http://[::1]:8000/',
    ]) {
      expect(redirectUrlProblem(url), url).toBeUndefined();
    }
  });

  it('refuses what the original refuses, in its words', () => {
    expect(redirectUrlProblem('http://app.example/done')).toBe('The URL must be served over a secure connection.');
    expect(redirectUrlProblem('javascript:alert(1)')).toBe('Invalid URL format.');
    expect(redirectUrlProblem('data:text/html,x')).toBe('Invalid URL format.');
    expect(redirectUrlProblem('/relative/path')).toBe('Invalid URL format.');
    expect(authorizationProblems({ app_id: 'not-a-uuid' })).toEqual(['The application ID must be a UUID.']);
  });
});

describe('authorize-application.php', () => {
  it('sends a visitor who is not signed in to sign in first', async () => {
    const res = await site.page(
      `authorize-application.php?app_name=App&success_url=${encodeURIComponent('https://app.example/done')}`,
    );
    expect(res.status).toBe(302);
    expect(res.header('Location')).toContain('/cms-admin/sign-in?redirect_to=');
  });

  it('shows an error page for a bad success_url, reject_url or app_id', async () => {
    const author = await site.signIn(site.people.author);
    const bad = await site.page(
      `authorize-application.php?app_name=App&success_url=${encodeURIComponent('http://app.example/done')}`,
      author,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Cannot Authorize Application');
    expect(bad.text).toContain(
      'The Authorize Application request is not allowed. The URL must be served over a secure connection.',
    );
    const script = await site.page(`authorize-application.php?reject_url=${encodeURIComponent('javascript:alert(1)')}`, author);
    expect([script.status, script.text.includes('Invalid URL format.')]).toEqual([400, true]);
    const id = await site.page('authorize-application.php?app_id=123', author);
    expect([id.status, id.text.includes('The application ID must be a UUID.')]).toEqual([400, true]);
  });

  it('approving makes an application password that works with Basic auth, and names where it goes', async () => {
    const author = await site.signIn(site.people.author);
    const success = 'https://app.example/done?state=xyz';
    const res = await site.page(
      `authorize-application.php?app_name=${encodeURIComponent('My <App>')}&app_id=${APP_ID}&success_url=${encodeURIComponent(success)}`,
      author,
    );
    expect(res.status).toBe(200);
    expect(res.header('X-Frame-Options')).toBe('DENY');
    expect(res.text).toContain('identifying itself as <strong>My &lt;App&gt;</strong>');
    const data = pageData(res.text, 'authorize-data') as AuthorizeData;
    expect(data).toMatchObject({
      createUrl: `${SITE_URL}/cms-json/cms/v2/users/me/application-passwords`,
      siteUrl: SITE_URL,
      userLogin: 'author',
      success,
      reject: 'https://app.example/done?state=xyz&success=false',
    });
    // What the page's script sends on approval.
    const created = await site.request('POST', new URL(data.createUrl).pathname, {
      headers: { cookie: author.cookie, [data.nonceHeader]: data.nonce },
      body: { name: 'My <App>', app_id: APP_ID },
    });
    expect(created.status).toBe(201);
    const { password, app_id } = created.json() as { password: string; app_id: string };
    expect(app_id).toBe(APP_ID);
    const basic = `Basic ${Buffer.from(`author:${password}`).toString('base64')}`;
    const me = await site.request('GET', '/cms-json/cms/v2/users/me', { headers: { authorization: basic } });
    expect([me.status, (me.json() as { id: number }).id]).toEqual([200, site.people.author.id]);
  });

  it('serves any signed-in user, a subscriber too (as WordPress: it is their own account)', async () => {
    const subscriber = await site.signIn(site.people.subscriber);
    const res = await site.page(
      `authorize-application.php?app_name=App&success_url=${encodeURIComponent('https://app.example/')}`,
      subscriber,
    );
    expect(res.status).toBe(200);
    const data = pageData(res.text, 'authorize-data') as AuthorizeData;
    const created = await site.request('POST', new URL(data.createUrl).pathname, {
      headers: { cookie: subscriber.cookie, [data.nonceHeader]: data.nonce },
      body: { name: 'App' },
    });
    expect(created.status).toBe(201);
    // Without the page's nonce the cookie does not count: the API refuses.
    const without = await site.request('POST', new URL(data.createUrl).pathname, {
      headers: { cookie: subscriber.cookie },
      body: { name: 'App' },
    });
    expect(without.status).toBe(401);
  });

  it('sends a rejection to reject_url, else to success_url with success=false, else back to the area', async () => {
    const author = await site.signIn(site.people.author);
    const given = await site.page(`authorize-application.php?reject_url=${encodeURIComponent('https://app.example/no')}`, author);
    expect((pageData(given.text, 'authorize-data') as AuthorizeData).reject).toBe('https://app.example/no');
    const none = await site.page('authorize-application.php?app_name=App', author);
    const data = pageData(none.text, 'authorize-data') as AuthorizeData;
    expect([data.reject, data.success]).toEqual([`${SITE_URL}/cms-admin/`, null]);
    expect(none.text).toContain('You will be given a password to manually enter into the application in question.');
  });
});
