import { RestRequest } from '@cms-json/core';
import { describe, expect, it } from 'vitest';
import { holdsRecordCapability, userCan } from './permissions.js';
import { canEditPost } from './posts/permissions.js';
import { postTypeDefaults } from './posts/post-types.js';
import type { PostAccessFields } from './posts/store.js';
import { toUser, type UserData } from './users/user.js';

const data = (id: number, roles: string[], grants?: Record<string, boolean>): UserData => ({
  id,
  login: `user${id}`,
  email: `user${id}@example.com`,
  displayName: `User ${id}`,
  firstName: '',
  lastName: '',
  nickname: `user${id}`,
  slug: `user${id}`,
  url: '',
  description: '',
  locale: '',
  registered: '2030-01-01T00:00:00.000Z',
  roles,
  grants,
});

function requestBy(user: ReturnType<typeof toUser>): RestRequest {
  const request = new RestRequest({ method: 'GET', path: '/wp/v2/posts', query: {}, headers: {} });
  request.user = user;
  return request;
}

describe("permission checks with a user's own capability grants", () => {
  const othersDraft: PostAccessFields = { id: 10, author: 99, status: 'draft', type: 'post', parent: 0, date_gmt: '' };

  it("lets an author granted edit_others_posts edit another's draft", () => {
    const request = requestBy(toUser(data(2, ['author'], { edit_others_posts: true })));
    expect(userCan(request, 'edit_others_posts')).toBe(true);
    expect(holdsRecordCapability(request, 'edit_others_posts')).toBe(true);
    expect(canEditPost(request, postTypeDefaults('post'), othersDraft)).toBe(true);
  });

  it("keeps an editor denied edit_others_posts from another's draft, and not from their own", () => {
    const request = requestBy(toUser(data(3, ['editor'], { edit_others_posts: false })));
    expect(userCan(request, 'edit_others_posts')).toBe(false);
    expect(canEditPost(request, postTypeDefaults('post'), othersDraft)).toBe(false);
    expect(canEditPost(request, postTypeDefaults('post'), { ...othersDraft, author: 3 })).toBe(true);
  });

  it('answers as before for users without grants', () => {
    const author = requestBy(toUser(data(2, ['author'])));
    const editor = requestBy(toUser(data(3, ['editor'])));
    expect(canEditPost(author, postTypeDefaults('post'), othersDraft)).toBe(false);
    expect(canEditPost(editor, postTypeDefaults('post'), othersDraft)).toBe(true);
  });
});
