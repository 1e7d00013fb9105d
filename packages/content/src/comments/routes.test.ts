import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ContentSite, contentSite } from '../../test/site.js';
import { SqlOptionsStore } from '../options/options.js';

for (const prefix of ['cms', 'wp'] as const) {
  describe(`comments in the ${prefix} profile`, () => {
    let site: ContentSite;
    const ids: Record<string, number> = {};
    const TOTAL = `X-${prefix.toUpperCase()}-Total`;
    const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      site.client.request(method, `${site.ns}${path}`, {
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const get = (path: string, headers: Record<string, string> = {}) => site.client.get(`${site.ns}${path}`, { headers });
    /** A create a minute after the last one (no flood), as `who`. */
    const comment = (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      site.clock.advance(60_000);
      return send('POST', '/comments', body, headers);
    };
    const rows = () => site.database.db.selectFrom('comments').selectAll().orderBy('id').execute();
    const commentCount = async (id: number) =>
      (await site.database.db.selectFrom('posts').select('comment_count').where('id', '=', id).executeTakeFirstOrThrow())
        .comment_count;
    const options = () => new SqlOptionsStore(site.database);

    beforeAll(async () => {
      site = await contentSite({ prefix });
      const { author, administrator } = site.people;
      const post = async (key: string, fields: Record<string, unknown>) => {
        const res = await send('POST', '/posts', { status: 'publish', ...fields }, administrator.headers);
        expect(res.status, key).toBe(201);
        ids[key] = res.body.id;
      };
      await post('hello', { title: 'Hello', author: author.id });
      await post('other', { title: 'Other' });
      await post('closed', { title: 'Closed', comment_status: 'closed' });
      await post('locked', { title: 'Locked', password: 'sesame' });
      await post('draft', { title: 'Draft', status: 'draft' });
    });
    afterAll(async () => {
      await site.close();
    });

    it('creates a comment as a moderator: 201, Location, the edit context, approved, counted on the post', async () => {
      const res = await comment(
        { post: ids.hello, content: 'First!', author_user_agent: 'tests' },
        site.people.administrator.headers,
      );
      expect(res.status).toBe(201);
      ids.first = res.body.id;
      expect(res.header('Location')).toBe(`http://site.test/${prefix}-json/${prefix}/v2/comments/${res.body.id}`);
      expect(res.body).toMatchObject({
        post: ids.hello,
        parent: 0,
        author: site.people.administrator.id,
        author_name: 'administrator',
        author_email: 'administrator@example.com',
        author_ip: '127.0.0.1',
        author_user_agent: 'tests',
        content: { raw: 'First!', rendered: '<p>First!</p>\n' },
        link: `http://site.test/hello/#comment-${res.body.id}`,
        status: 'approved',
        type: 'comment',
        meta: [],
      });
      expect(res.body.author_avatar_urls['96']).toMatch(/^http:\/\/\d\.gravatar\.com\/avatar\/[0-9a-f]{32}\?s=96&d=mm&r=g$/);
      expect(await commentCount(ids.hello as number)).toBe(1);
    });

    it('lists a post approved comments to anyone, with the view fields and the links of the original', async () => {
      const res = await get(`/comments?post=${ids.hello}`);
      expect(res.status).toBe(200);
      expect(res.header(TOTAL)).toBe('1');
      const [first] = res.body;
      expect(Object.keys(first)).toEqual([
        'id',
        'post',
        'parent',
        'author',
        'author_name',
        'author_url',
        'date',
        'date_gmt',
        'content',
        'link',
        'status',
        'type',
        'author_avatar_urls',
        'meta',
        '_links',
      ]);
      const root = `http://site.test/${prefix}-json/${prefix}/v2`;
      expect(first._links.self).toEqual([{ href: `${root}/comments/${ids.first}` }]);
      expect(first._links.collection).toEqual([{ href: `${root}/comments` }]);
      expect(first._links.author).toEqual([{ href: `${root}/users/${site.people.administrator.id}`, embeddable: true }]);
      expect(first._links.up).toEqual([{ href: `${root}/posts/${ids.hello}`, embeddable: true, post_type: 'post' }]);
      expect(Object.keys(first._links.up[0])).toEqual(['embeddable', 'post_type', 'href']);
      expect(first._links['in-reply-to']).toBeUndefined();
      expect(first._links.children).toBeUndefined();
    });

    it('holds a subscriber first comment, shows it to its author, not to visitors', async () => {
      const res = await comment({ post: ids.hello, content: 'Me too' }, site.people.subscriber.headers);
      expect(res.status).toBe(201);
      ids.held = res.body.id;
      expect(res.body.status).toBe('hold');
      expect(res.body.author_email).toBeUndefined();
      expect(await commentCount(ids.hello as number)).toBe(1);
      expect((await get(`/comments/${ids.held}`)).status).toBe(401);
      expect((await get(`/comments/${ids.held}`, site.people.subscriber.headers)).status).toBe(200);
      expect((await get(`/comments?post=${ids.hello}`)).body.map((c: { id: number }) => c.id)).toEqual([ids.first]);
    });

    it('approves a comment of their own post for its author, who may then moderate it', async () => {
      const res = await send('PATCH', `/comments/${ids.held}`, { status: 'approved' }, site.people.author.headers);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('approved');
      expect(await commentCount(ids.hello as number)).toBe(2);
      const refused = await send('PATCH', `/comments/${ids.held}`, { status: 'hold' }, site.people.contributor.headers);
      expect([refused.status, refused.body.code]).toEqual([403, 'rest_cannot_edit']);
    });

    it('threads replies: in-reply-to on the reply, children on the parent', async () => {
      const res = await comment({ post: ids.hello, parent: ids.first, content: 'A reply' }, site.people.editor.headers);
      expect(res.status).toBe(201);
      ids.reply = res.body.id;
      const root = `http://site.test/${prefix}-json/${prefix}/v2`;
      const reply = await get(`/comments/${ids.reply}`);
      expect(reply.body._links['in-reply-to']).toEqual([{ href: `${root}/comments/${ids.first}`, embeddable: true }]);
      const parent = await get(`/comments/${ids.first}`);
      expect(parent.body._links.children).toEqual([{ href: `${root}/comments?parent=${ids.first}`, embeddable: true }]);
      const children = await get(`/comments?parent=${ids.first}`);
      expect(children.body.map((c: { id: number }) => c.id)).toEqual([ids.reply]);
    });

    it('refuses a parent on another post, or one that does not exist, and stores nothing', async () => {
      const before = await rows();
      for (const parent of [ids.first, 999_999]) {
        const res = await comment({ post: ids.other, parent, content: 'Lost' }, site.people.editor.headers);
        expect([res.status, res.body.code]).toEqual([400, 'rest_comment_invalid_parent']);
      }
      expect(await rows()).toEqual(before);
    });

    it('refuses bad posts: missing, draft, closed, none, with the original codes', async () => {
      const before = await rows();
      const cases: [unknown, number, string][] = [
        [999_999, 403, 'rest_comment_invalid_post_id'],
        [undefined, 403, 'rest_comment_invalid_post_id'],
        [ids.draft, 403, 'rest_comment_draft_post'],
        [ids.closed, 403, 'rest_comment_closed'],
      ];
      for (const [post, status, code] of cases) {
        const res = await comment({ post, content: 'Hi' }, site.people.subscriber.headers);
        expect([res.status, res.body.code], String(post)).toEqual([status, code]);
      }
      expect(await rows()).toEqual(before);
    });

    it('refuses anonymous comments by default, takes them when the site allows, with name and email', async () => {
      const refused = await comment({ post: ids.hello, content: 'Anon', author_name: 'Ann', author_email: 'ann@example.com' });
      expect([refused.status, refused.body.code]).toEqual([401, 'rest_comment_login_required']);
      await options().set('allow_anonymous_comments', true);
      try {
        const nameless = await comment({ post: ids.hello, content: 'Anon' });
        expect([nameless.status, nameless.body.code]).toEqual([400, 'rest_comment_author_data_required']);
        const res = await comment({
          post: ids.hello,
          content: 'Anon',
          author_name: 'Ann <b>Bold</b>',
          author_email: 'ann@example.com',
          author_url: 'ann.example.com',
        });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          author: 0,
          author_name: 'Ann Bold',
          author_url: 'http://ann.example.com',
          status: 'hold',
        });
        const badEmail = await comment({ post: ids.hello, content: 'X', author_name: 'B', author_email: 'nope' });
        expect([badEmail.status, badEmail.body.code]).toEqual([400, 'rest_invalid_param']);
        const status = await comment({
          post: ids.hello,
          content: 'Y',
          author_name: 'B',
          author_email: 'b@example.com',
          status: 'approved',
        });
        expect([status.status, status.body.code]).toEqual([401, 'rest_comment_invalid_status']);
      } finally {
        await options().set('allow_anonymous_comments', false);
      }
    });

    it('refuses a duplicate with 409 comment_duplicate', async () => {
      const first = await comment({ post: ids.other, content: 'Same words' }, site.people.subscriber.headers);
      expect(first.status).toBe(201);
      const again = await comment({ post: ids.other, content: 'Same words' }, site.people.subscriber.headers);
      expect([again.status, again.body.code, again.body.data.status]).toEqual([409, 'comment_duplicate', 409]);
    });

    it('refuses a flood: a second comment within 15 seconds is 400 comment_flood, later it is taken', async () => {
      const first = await comment({ post: ids.other, content: 'Quick one' }, site.people.contributor.headers);
      expect(first.status).toBe(201);
      site.clock.advance(5_000);
      const before = await rows();
      const flood = await send('POST', '/comments', { post: ids.other, content: 'Quick two' }, site.people.contributor.headers);
      expect([flood.status, flood.body.code]).toEqual([400, 'comment_flood']);
      expect(await rows()).toEqual(before);
      site.clock.advance(15_000);
      const later = await send('POST', '/comments', { post: ids.other, content: 'Quick two' }, site.people.contributor.headers);
      expect(later.status).toBe(201);
      // Moderators are not throttled.
      const admin = site.people.administrator.headers;
      expect((await send('POST', '/comments', { post: ids.other, content: 'M1' }, admin)).status).toBe(201);
      expect((await send('POST', '/comments', { post: ids.other, content: 'M2' }, admin)).status).toBe(201);
    });

    it('sanitises HTML and script for those without unfiltered_html, keeps it for those with it', async () => {
      const html =
        '<b>Bold</b> <a href="http://example.com" onclick="steal()">link</a><script>alert(1)</script><img src=x onerror=y>';
      const filtered = await comment({ post: ids.other, content: html }, site.people.author.headers);
      expect(filtered.status).toBe(201);
      const stored = await site.database.db
        .selectFrom('comments')
        .select('content')
        .where('id', '=', filtered.body.id)
        .executeTakeFirstOrThrow();
      // The original keeps a script's text (`alert(1)`); here it goes with the element.
      expect(stored.content).toBe('<b>Bold</b> <a href="http://example.com" rel="nofollow ugc">link</a>');
      const kept = await comment({ post: ids.other, content: html }, site.people.editor.headers);
      // Kept as sent, but for `wp_rel_ugc`, which marks every caller's links.
      expect(kept.body.content.raw).toBe(html.replace('onclick="steal()">', 'onclick="steal()" rel="nofollow ugc">'));
    });

    it('refuses empty content, a bad author and a type, with the original codes', async () => {
      const headers = site.people.administrator.headers;
      const cases: [Record<string, unknown>, number, string][] = [
        [{ post: ids.other, content: '   ' }, 400, 'rest_comment_content_invalid'],
        [{ post: ids.other, content: 'x', author: 999_999 }, 400, 'rest_comment_author_invalid'],
        [{ post: ids.other, content: 'x', type: 'pingback' }, 400, 'rest_invalid_comment_type'],
        [
          { post: ids.other, content: 'x', author_name: 'n'.repeat(246), author_email: 'n@example.com' },
          400,
          'comment_author_column_length',
        ],
      ];
      const before = await rows();
      for (const [body, status, code] of cases) {
        const res = await comment(body, headers);
        expect([res.status, res.body.code], code).toEqual([status, code]);
      }
      const other = await comment({ post: ids.other, content: 'x', author: site.people.editor.id }, site.people.author.headers);
      expect([other.status, other.body.code]).toEqual([403, 'rest_comment_invalid_author']);
      expect(await rows()).toEqual(before);
    });

    it('needs the password of a protected post to read or write its comments', async () => {
      const admin = await comment({ post: ids.locked, content: 'Inside' }, site.people.administrator.headers);
      expect(admin.status).toBe(201);
      const closed = await get(`/comments?post=${ids.locked}`);
      expect([closed.status, closed.body.code]).toEqual([401, 'rest_cannot_read_post']);
      const open = await get(`/comments?post=${ids.locked}&password=sesame`);
      expect(open.body.map((c: { id: number }) => c.id)).toEqual([admin.body.id]);
      expect((await get(`/comments/${admin.body.id}`)).status).toBe(401);
      expect((await get(`/comments/${admin.body.id}?password=sesame`)).status).toBe(200);
      // The site-wide list leaves it out.
      expect((await get('/comments?per_page=100')).body.map((c: { id: number }) => c.id)).not.toContain(admin.body.id);
      const noPassword = await comment({ post: ids.locked, content: 'Let me in' }, site.people.subscriber.headers);
      expect([noPassword.status, noPassword.body.code]).toEqual([403, 'rest_cannot_read_post']);
      const withPassword = await comment(
        { post: ids.locked, content: 'Let me in', password: 'sesame' },
        site.people.subscriber.headers,
      );
      expect(withPassword.status).toBe(201);
    });

    it('keeps moderation parameters and the edit context for those allowed', async () => {
      const status = await get('/comments?status=hold');
      expect([status.status, status.body.code, status.body.message]).toEqual([
        401,
        'rest_forbidden_param',
        'Query parameter not permitted: status',
      ]);
      const edit = await get('/comments?context=edit', site.people.author.headers);
      expect([edit.status, edit.body.code]).toEqual([403, 'rest_forbidden_context']);
      const held = await get(`/comments?status=hold&post=${ids.hello}&context=edit`, site.people.editor.headers);
      expect(held.status).toBe(200);
      expect(held.body.every((c: { status: string }) => c.status === 'hold')).toBe(true);
      expect(held.body[0].author_email).toBeDefined();
      const mine = await get(`/comments?author=${site.people.administrator.id}&orderby=id&order=asc`, site.people.editor.headers);
      expect(mine.body[0].id).toBe(ids.first);
    });

    it('updates a comment as a moderator, refusing bad changes with the original codes and storing nothing for them', async () => {
      const admin = site.people.administrator.headers;
      const made = await comment({ post: ids.other, content: 'Typo hre' }, admin);
      const before = await rows();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ content: '' }, 400, 'rest_comment_content_invalid'],
        [{ post: 999_999 }, 403, 'rest_comment_invalid_post_id'],
        [{ type: 'pingback' }, 404, 'rest_comment_invalid_type'],
        [{ author: 999_999 }, 400, 'rest_comment_author_invalid'],
        [{ parent: made.body.id }, 400, 'rest_comment_invalid_parent'],
        [{ author_ip: 'not an address' }, 400, 'rest_invalid_param'],
      ];
      for (const [body, status, code] of cases) {
        const res = await send('PATCH', `/comments/${made.body.id}`, body, admin);
        expect([res.status, res.body.code], code).toEqual([status, code]);
      }
      expect(await rows()).toEqual(before);
      const fixed = await send('PUT', `/comments/${made.body.id}`, { content: 'Typo here', date: '2030-02-01T10:00:00' }, admin);
      expect(fixed.status).toBe(200);
      expect(fixed.body).toMatchObject({
        content: { raw: 'Typo here' },
        date: '2030-02-01T10:00:00',
        date_gmt: '2030-02-01T10:00:00',
      });
      expect(fixed.body.author_email).toBeDefined();
      const missing = await send('PATCH', '/comments/999999', { content: 'x' }, admin);
      expect([missing.status, missing.body.code]).toEqual([404, 'rest_comment_invalid_id']);
      const edit = await get(`/comments/${made.body.id}?context=edit`, site.people.author.headers);
      expect([edit.status, edit.body.code]).toEqual([403, 'rest_forbidden_context']);
    });

    it('moves a comment to the trash, refuses to trash it twice, deletes it for good with force, and keeps counts exact', async () => {
      const admin = site.people.administrator.headers;
      const made = await comment({ post: ids.other, content: 'Short lived' }, admin);
      const count = await commentCount(ids.other as number);
      const trashed = await send('DELETE', `/comments/${made.body.id}`, {}, admin);
      expect([trashed.status, trashed.body.status]).toEqual([200, 'trash']);
      expect(await commentCount(ids.other as number)).toBe(count - 1);
      const again = await send('DELETE', `/comments/${made.body.id}`, {}, admin);
      expect([again.status, again.body.code]).toEqual([410, 'rest_already_trashed']);
      const untrashed = await send('PATCH', `/comments/${made.body.id}`, { status: 'untrash' }, admin);
      expect(untrashed.body.status).toBe('approved');
      expect(await commentCount(ids.other as number)).toBe(count);
      const spam = await send('PATCH', `/comments/${made.body.id}`, { status: 'spam' }, admin);
      expect(spam.body.status).toBe('spam');
      const gone = await send('DELETE', `/comments/${made.body.id}?force=true`, {}, admin);
      expect(gone.status).toBe(200);
      expect(gone.body).toMatchObject({ deleted: true, previous: { id: made.body.id, status: 'spam' } });
      expect((await get(`/comments/${made.body.id}`, admin)).body.code).toBe('rest_comment_invalid_id');
      const denied = await send('DELETE', `/comments/${ids.first}`, {}, site.people.subscriber.headers);
      expect([denied.status, denied.body.code]).toEqual([403, 'rest_cannot_delete']);
    });

    it('keeps comment counts exact under concurrent comments, moves, holds, trashing and deletions', async () => {
      const admin = site.people.administrator.headers;
      const approved = async (post: number) =>
        Number(
          (
            await site.database.db
              .selectFrom('comments')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('post_id', '=', post)
              .where('approved', '=', '1')
              .executeTakeFirstOrThrow()
          ).n,
        );
      const [hello, other] = [ids.hello as number, ids.other as number];
      const before = [await commentCount(hello), await commentCount(other)];
      const made = await Promise.all(
        Array.from({ length: 12 }, (_, i) => send('POST', '/comments', { post: other, content: `Busy comment ${i}` }, admin)),
      );
      expect(made.map((res) => res.status)).toEqual(made.map(() => 201));
      const created = made.map((res) => res.body.id as number);
      const changed = await Promise.all([
        ...created.slice(0, 4).map((id) => send('DELETE', `/comments/${id}?force=true`, {}, admin)),
        ...created.slice(4, 8).map((id) => send('POST', `/comments/${id}`, { post: hello }, admin)),
        ...created.slice(8, 10).map((id) => send('DELETE', `/comments/${id}`, {}, admin)),
        ...created.slice(10).map((id) => send('POST', `/comments/${id}`, { status: 'hold' }, admin)),
      ]);
      expect(changed.map((res) => res.status)).toEqual(changed.map(() => 200));
      expect([await commentCount(hello), await commentCount(other)]).toEqual([(before[0] ?? 0) + 4, before[1]]);
      expect([await commentCount(hello), await commentCount(other)]).toEqual([await approved(hello), await approved(other)]);
    });

    it('stores nothing of a comment create, update, trash or delete whose last step fails (one transaction)', async () => {
      const admin = site.people.administrator.headers;
      let failing = false;
      const type = site.server.objectTypes.get('comment');
      for (const event of ['afterInsert', 'trash', 'delete'] as const) {
        type.on(event, () => {
          if (failing) throw new Error('the last hook failed');
        });
      }
      const kept = await comment({ post: ids.other, content: 'Kept as it was' }, admin);
      expect(kept.status).toBe(201);
      const stored = async () => ({
        comments: await rows(),
        meta: await site.database.db.selectFrom('comment_meta').selectAll().orderBy('id').execute(),
        counts: await site.database.db.selectFrom('posts').select(['id', 'comment_count']).orderBy('id').execute(),
      });
      const before = await stored();
      failing = true;
      try {
        const attempts = [
          await comment({ post: ids.other, content: 'Never stored' }, admin),
          await send('POST', `/comments/${kept.body.id}`, { post: ids.hello, status: 'hold', content: 'Changed' }, admin),
          await send('DELETE', `/comments/${kept.body.id}`, {}, admin),
          await send('DELETE', `/comments/${kept.body.id}?force=true`, {}, admin),
        ];
        expect(attempts.map((res) => res.status)).toEqual([500, 500, 500, 500]);
      } finally {
        failing = false;
      }
      expect(await stored()).toEqual(before);
    });

    it('embeds a post approved comments through its replies link', async () => {
      const res = await get(`/posts/${ids.hello}?_embed=replies`);
      const replies = res.body._embedded.replies[0];
      const approved = (await get(`/comments?post=${ids.hello}&per_page=100`)).body.map((c: { id: number }) => c.id);
      expect(replies.map((c: { id: number }) => c.id)).toEqual(approved);
      expect(replies[0].post).toBeUndefined();
    });

    it('gives comments the fields registered for the comment object type', async () => {
      site.server.registerRestField('comment', 'shout', {
        schema: z
          .string()
          .readonly()
          .meta({ description: 'Loud content.', context: ['view'] }),
        get: (record) => String((record.content as { raw: string }).raw).toUpperCase(),
      });
      const res = await get(`/comments/${ids.first}`);
      expect(res.body.shout).toBe('FIRST!');
    });

    it('filters and pages a list with the original parameters: search, include order, offset over page, dates', async () => {
      const admin = site.people.administrator.headers;
      const found = await get('/comments?search=REPLY', admin);
      expect(found.body.map((c: { id: number }) => c.id)).toEqual([ids.reply]);
      const included = await get(`/comments?include=${ids.reply},${ids.first}&orderby=include`, admin);
      expect(included.body.map((c: { id: number }) => c.id)).toEqual([ids.reply, ids.first]);
      const all = (await get(`/comments?post=${ids.hello}&order=asc&per_page=100`)).body.map((c: { id: number }) => c.id);
      const byOffset = await get(`/comments?post=${ids.hello}&order=asc&per_page=1&page=3&offset=1`);
      expect(byOffset.body.map((c: { id: number }) => c.id)).toEqual([all[1]]);
      const paged = await get(`/comments?post=${ids.hello}&order=asc&per_page=1&page=2`);
      expect(paged.body.map((c: { id: number }) => c.id)).toEqual([all[1]]);
      expect(paged.header('Link')).toContain('rel="next"');
      const late = await get(`/comments?post=${ids.hello}&after=2030-01-01T00:02:30`);
      expect(late.body.map((c: { id: number }) => c.id)).not.toContain(ids.first);
      const excluded = await get(`/comments?post=${ids.hello}&exclude=${ids.first}&parent_exclude=${ids.first}`);
      expect(excluded.body.map((c: { id: number }) => c.id)).not.toContain(ids.first);
      expect(excluded.body.map((c: { id: number }) => c.id)).not.toContain(ids.reply);
      const bad = await get('/comments?orderby=karma');
      expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
    });

    it('does not make a commenter a published author', async () => {
      const res = await get(`/users/${site.people.subscriber.id}`);
      expect(res.status).toBe(401);
    });

    it('marks a trashed post comments post-trashed and gives them back when the post leaves the trash', async () => {
      const admin = site.people.administrator.headers;
      const made = await send('POST', '/posts', { title: 'Binned', status: 'publish' }, admin);
      const kept = await comment({ post: made.body.id, content: 'Kept' }, admin);
      const held = await comment({ post: made.body.id, content: 'Held', status: 'hold' }, admin);
      expect(await commentCount(made.body.id)).toBe(1);
      await send('DELETE', `/posts/${made.body.id}`, {}, admin);
      expect((await get(`/comments/${kept.body.id}`, admin)).body.status).toBe('post-trashed');
      expect(await commentCount(made.body.id)).toBe(0);
      await send('PATCH', `/posts/${made.body.id}`, { status: 'publish' }, admin);
      expect((await get(`/comments/${kept.body.id}`, admin)).body.status).toBe('approved');
      expect((await get(`/comments/${held.body.id}`, admin)).body.status).toBe('hold');
      expect(await commentCount(made.body.id)).toBe(1);
    });

    it('deletes a post comments with it', async () => {
      const made = await send('POST', '/posts', { title: 'Doomed', status: 'publish' }, site.people.administrator.headers);
      await comment({ post: made.body.id, content: 'Bye' }, site.people.administrator.headers);
      await send('DELETE', `/posts/${made.body.id}?force=true`, {}, site.people.administrator.headers);
      expect((await rows()).filter((row) => row.post_id === made.body.id)).toEqual([]);
    });

    it("pages a post's comments as a list of all comments paged: the page, the totals past the last page, and the same records", async () => {
      const admin = site.people.administrator.headers;
      const made = await send('POST', '/posts', { title: 'Busy', status: 'publish' }, admin);
      for (let i = 0; i < 7; i++) expect((await comment({ post: made.body.id, content: `Busy ${i}` }, admin)).status).toBe(201);
      const all = await get(`/comments?post=${made.body.id}&per_page=100`);
      expect(all.body).toHaveLength(7);
      const third = await get(`/comments?post=${made.body.id}&per_page=3&page=3`);
      expect(third.status).toBe(200);
      expect(third.header(TOTAL)).toBe('7');
      expect(third.header(`${TOTAL}Pages`)).toBe('3');
      expect(third.body).toEqual(all.body.slice(6));
      const oldestFirst = await get(`/comments?post=${made.body.id}&per_page=2&offset=1&order=asc`);
      expect(oldestFirst.body).toEqual(all.body.slice().reverse().slice(1, 3));
      const past = await get(`/comments?post=${made.body.id}&per_page=3&page=4`);
      // The original has no page-number error for comments: an empty page, with the totals.
      expect(past.status).toBe(200);
      expect(past.body).toEqual([]);
      expect(past.header(TOTAL)).toBe('7');
      // Two posts' comments at once (not the one-post path) page as before.
      const both = await get(`/comments?post=${made.body.id},${ids.hello}&per_page=3`);
      expect(Number(both.header(TOTAL))).toBeGreaterThan(7);
    });
  });
}
