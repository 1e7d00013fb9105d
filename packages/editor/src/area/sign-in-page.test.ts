import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaSite, areaSite, pageData, SITE_URL } from '../../test/area-site.js';

let site: AreaSite;
beforeAll(async () => {
  site = await areaSite();
});
afterAll(async () => {
  await site.close();
});

interface SignInData {
  loginUrl: string;
  redirectTo: string;
}

describe('the sign-in page', () => {
  it('shows the form, and its script posts to the session route then follows redirect_to', async () => {
    const back = `${SITE_URL}/cms-admin/?post_type=post&post_status=draft`;
    const res = await site.page(`sign-in?redirect_to=${encodeURIComponent(back)}`);
    expect(res.status).toBe(200);
    expect(res.header('Cache-Control')).toContain('no-store');
    expect(res.text).toContain('<label for="user_login">Username or Email Address</label>');
    expect(res.text).toContain('type="password" name="pwd"');
    const data = pageData(res.text, 'sign-in-data') as SignInData;
    expect(data).toEqual({ loginUrl: `${SITE_URL}/cms-json/cms-auth/v1/session`, redirectTo: back });
    // What the script sends signs the user in, and the page it then opens lets them in.
    const login = await site.request('POST', new URL(data.loginUrl).pathname, {
      body: { username: 'author', password: 'author-password' },
    });
    expect(login.status).toBe(200);
    const cookie = (login.header('Set-Cookie') ?? '').split(';')[0] ?? '';
    expect(
      (await site.request('GET', new URL(data.redirectTo).pathname + new URL(data.redirectTo).search, { headers: { cookie } }))
        .status,
    ).toBe(200);
  });

  it('refuses to send the browser to another site after signing in (no open redirect)', async () => {
    for (const wanted of ['https://evil.example/phish', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)']) {
      const res = await site.page(`sign-in?redirect_to=${encodeURIComponent(wanted)}`);
      expect((pageData(res.text, 'sign-in-data') as SignInData).redirectTo, wanted).toBe(`${SITE_URL}/cms-admin/`);
    }
  });

  it('escapes what it is given', async () => {
    const res = await site.page(`sign-in?redirect_to=${encodeURIComponent('/cms-admin/?x=</script><script>alert(1)</script>')}`);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('Sign in to Test &lt;Site&gt;');
  });

  it('says so after signing out, and the area then asks to sign in again', async () => {
    const author = await site.signIn(site.people.author);
    expect((await site.page('', author)).status).toBe(200);
    const list = await site.page('', author);
    const signOut = pageData(list.text, 'sign-out-data') as {
      logoutUrl: string;
      nonceHeader: string;
      nonce: string;
      signInUrl: string;
    };
    const logout = await site.request('DELETE', new URL(signOut.logoutUrl).pathname, {
      headers: { cookie: author.cookie, [signOut.nonceHeader]: signOut.nonce },
    });
    expect(logout.status).toBe(200);
    expect((await site.page('', author)).status).toBe(302);
    const signedOut = await site.page(
      new URL(signOut.signInUrl).pathname.slice('/cms-admin/'.length) + new URL(signOut.signInUrl).search,
    );
    expect(signedOut.text).toContain('You are now signed out.');
  });
});
