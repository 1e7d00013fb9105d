import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, contentSite, type Person } from '../../test/site.js';
import { previewedPost, previewLink } from './preview.js';

describe('previews of autosaves', () => {
  let site: ContentSite;
  /** A cookie session of a person: the cookie header and the REST nonce. */
  const signIn = async (who: Person) => {
    const login = await site.auth.login(who.login, `${who.login}-password`);
    if ('error' in login) throw login.error;
    return { cookie: `${site.auth.cookieName}=${login.session.cookie}`, nonce: login.nonce };
  };
  const withCookie = (session: { cookie: string; nonce: string }) => ({
    cookie: session.cookie,
    [site.auth.nonceHeader.toLowerCase()]: session.nonce,
    'content-type': 'application/json',
  });
  const queryOf = (link: string) => Object.fromEntries(new URL(link).searchParams);
  const preview = (headers: Record<string, string>, query: Record<string, string>) =>
    previewedPost({ server: site.server, auth: site.auth }, { headers, query });

  beforeAll(async () => {
    site = await contentSite({ prefix: 'cms' });
  });
  afterAll(async () => {
    await site.close();
  });

  it("shows the newest autosave's text to the signed-in user whose preview nonce it is", async () => {
    const session = await signIn(site.people.author);
    const created = await site.client.request('POST', `${site.ns}/posts`, {
      headers: withCookie(session),
      body: JSON.stringify({ title: 'Live title', content: 'Live text', status: 'publish' }),
    });
    const id = created.body.id as number;
    const saved = await site.client.request('POST', `${site.ns}/posts/${id}/autosaves`, {
      headers: withCookie(session),
      body: JSON.stringify({ title: 'Autosaved title', content: 'Autosaved text', excerpt: '' }),
    });
    expect(saved.status).toBe(200);
    const query = queryOf(saved.body.preview_link);
    expect(query).toMatchObject({ preview_id: String(id), preview: 'true' });
    const shown = await preview({ cookie: session.cookie }, query);
    expect(shown).toEqual({
      record: {
        id,
        type: 'post',
        status: 'publish',
        link: created.body.link,
        title: { rendered: 'Autosaved title' },
        content: { rendered: '<p>Autosaved text</p>\n', protected: false },
        excerpt: { rendered: '' },
        autosave: saved.body.id,
      },
    });
    // The post itself is unchanged.
    expect((await site.client.get(`${site.ns}/posts/${id}`)).body.title.rendered).toBe('Live title');

    // Anyone else, or a nonce that is not theirs, is refused as the original's `wp_die` (403).
    const refusals = [
      await preview({}, query),
      await preview({ cookie: (await signIn(site.people.editor)).cookie }, query),
      await preview({ cookie: session.cookie }, { ...query, preview_nonce: '0123456789' }),
      await preview({ cookie: session.cookie }, { ...query, preview_id: String(id + 1000) }),
    ];
    for (const refusal of refusals) {
      expect(refusal !== undefined && 'error' in refusal ? refusal.error.toBody() : refusal).toEqual({
        code: 'rest_cannot_preview',
        message: 'Sorry, you are not allowed to preview drafts.',
        data: { status: 403 },
      });
    }
  });

  it("gives an application password's autosave a nonce of no session, as the original", async () => {
    const { editor } = site.people;
    const created = await site.client.request('POST', `${site.ns}/posts`, {
      headers: { ...editor.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Edited', content: 'base', status: 'publish' }),
    });
    const saved = await site.client.request('POST', `${site.ns}/posts/${created.body.id}/autosaves`, {
      headers: { ...editor.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'changed' }),
    });
    const query = queryOf(saved.body.preview_link);
    const nonce = site.auth.createNonce({ userId: editor.id, token: '' }, `post_preview_${created.body.id}`);
    expect(query.preview_nonce).toBe(nonce);
    // A cookie session is another session: its preview is refused.
    const shown = await preview({ cookie: (await signIn(editor)).cookie }, query);
    expect(shown !== undefined && 'error' in shown ? shown.error.code : shown).toBe('rest_cannot_preview');
  });

  it('previews a draft to those who may read it, from its own text, and nothing else to anyone', async () => {
    const session = await signIn(site.people.author);
    const created = await site.client.request('POST', `${site.ns}/posts`, {
      headers: withCookie(session),
      body: JSON.stringify({ title: 'Draft', content: 'one' }),
    });
    const id = created.body.id as number;
    const saved = await site.client.request('POST', `${site.ns}/posts/${id}/autosaves`, {
      headers: withCookie(session),
      body: JSON.stringify({ title: 'Draft', content: 'two' }),
    });
    expect(saved.body.preview_link).toBe(`http://site.test/?p=${id}&preview=true`);
    const shown = await preview({ cookie: session.cookie }, queryOf(saved.body.preview_link));
    expect(shown !== undefined && 'record' in shown ? [shown.record.status, shown.record.content.rendered] : shown).toEqual([
      'draft',
      '<p>two</p>\n',
    ]);
    expect(await preview({}, queryOf(saved.body.preview_link))).toBeUndefined();
    expect(await preview({ cookie: (await signIn(site.people.contributor)).cookie }, { p: String(id), preview: 'true' })).toBe(
      undefined,
    );
    expect(await preview({ cookie: session.cookie }, { p: String(id) })).toBeUndefined();
    expect(await preview({ cookie: session.cookie }, { p: 'abc', preview: 'true' })).toBeUndefined();
    expect(await preview({ cookie: session.cookie }, { p: '999999', preview: 'true' })).toBeUndefined();
  });

  it('builds preview addresses as get_preview_post_link', () => {
    expect(previewLink('http://example.com/hello/', { preview_id: '3', preview_nonce: 'abc' }, { viewable: true })).toBe(
      'http://example.com/hello/?preview_id=3&preview_nonce=abc&preview=true',
    );
    expect(previewLink('http://example.com/?p=3', {}, { viewable: true })).toBe('http://example.com/?p=3&preview=true');
    expect(previewLink('http://example.com/?p=3', {}, { viewable: false })).toBe('');
  });
});
