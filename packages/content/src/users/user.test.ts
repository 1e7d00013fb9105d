import { describe, expect, it } from 'vitest';
import { userData } from '../../test/helpers.js';
import { toUser } from '../index.js';

const data = userData;

describe('User.can', () => {
  const admin = toUser(data(1, ['administrator']));
  const editor = toUser(data(2, ['editor']));
  const subscriber = toUser(data(3, ['subscriber']));
  const nobody = toUser(data(4, []));

  it('checks primitive capabilities against the roles', () => {
    expect(admin.can('manage_options')).toBe(true);
    expect(editor.can('manage_options')).toBe(false);
    expect(editor.can('edit_others_posts')).toBe(true);
    expect(subscriber.can('read')).toBe(true);
    expect(subscriber.can('edit_posts')).toBe(false);
    expect(nobody.can('read')).toBe(false);
    expect(admin.can('no_such_capability')).toBe(false);
  });

  it('lets everyone edit themselves but only edit_users holders edit others', () => {
    expect(subscriber.can('edit_user', 3)).toBe(true);
    expect(subscriber.can('edit_user', 1)).toBe(false);
    expect(subscriber.can('edit_user')).toBe(false);
    expect(admin.can('edit_user', 3)).toBe(true);
    expect(editor.can('edit_user', 3)).toBe(false);
  });

  it('maps delete_user, remove_user and promote_user to the plural capabilities', () => {
    expect(admin.can('delete_user', 2)).toBe(true);
    expect(admin.can('remove_user', 2)).toBe(true);
    expect(admin.can('promote_user', 2)).toBe(true);
    expect(editor.can('delete_user', 2)).toBe(false);
    expect(editor.can('promote_user', 2)).toBe(false);
    expect(subscriber.can('delete_user', 3)).toBe(false);
  });

  it('grants exist to everyone and do_not_allow to no one', () => {
    expect(nobody.can('exist')).toBe(true);
    expect(admin.can('do_not_allow')).toBe(false);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(admin)).toBe(true);
    expect(Object.isFrozen(admin.roles)).toBe(true);
  });
});

describe('User.can with per-user grants', () => {
  it('honours a grant beyond the roles and a denial of a role capability', () => {
    const granted = toUser({ ...data(5, ['author']), grants: { edit_others_posts: true } });
    const denied = toUser({ ...data(6, ['editor']), grants: { edit_others_posts: false } });
    expect(granted.can('edit_others_posts')).toBe(true);
    expect(granted.capabilities.has('edit_others_posts')).toBe(true);
    expect(denied.can('edit_others_posts')).toBe(false);
    expect(denied.can('edit_posts')).toBe(true);
  });

  it('keeps the shared role set for users without grants', () => {
    const plain = toUser(data(7, ['author']));
    const empty = toUser({ ...data(8, ['author']), grants: {} });
    expect(empty.capabilities).toBe(plain.capabilities);
  });
});
