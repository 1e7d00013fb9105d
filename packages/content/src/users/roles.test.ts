import { describe, expect, it } from 'vitest';
import { capabilitiesOf, DEFAULT_ROLE, DEFAULT_ROLES } from '../index.js';

describe('DEFAULT_ROLES', () => {
  it("has WordPress's five roles", () => {
    expect(Object.keys(DEFAULT_ROLES)).toEqual(['administrator', 'editor', 'author', 'contributor', 'subscriber']);
    expect(DEFAULT_ROLE).toBe('subscriber');
  });

  it('gives the administrator the user and site management capabilities', () => {
    const admin = capabilitiesOf(['administrator']);
    for (const capability of [
      'list_users',
      'create_users',
      'edit_users',
      'delete_users',
      'promote_users',
      'remove_users',
      'manage_options',
      'edit_others_posts',
      'publish_posts',
      'read',
      'level_10',
      'level_0',
    ]) {
      expect(admin.has(capability), capability).toBe(true);
    }
    expect(DEFAULT_ROLES.administrator.capabilities).toHaveLength(61);
  });

  it("gives each lesser role exactly WordPress's set", () => {
    expect(new Set(DEFAULT_ROLES.editor.capabilities).size).toBe(34);
    expect(capabilitiesOf(['editor']).has('edit_others_posts')).toBe(true);
    expect(capabilitiesOf(['editor']).has('list_users')).toBe(false);
    expect([...DEFAULT_ROLES.author.capabilities].sort()).toEqual([
      'delete_posts',
      'delete_published_posts',
      'edit_posts',
      'edit_published_posts',
      'level_0',
      'level_1',
      'level_2',
      'publish_posts',
      'read',
      'upload_files',
    ]);
    expect([...DEFAULT_ROLES.contributor.capabilities].sort()).toEqual([
      'delete_posts',
      'edit_posts',
      'level_0',
      'level_1',
      'read',
    ]);
    expect([...DEFAULT_ROLES.subscriber.capabilities].sort()).toEqual(['level_0', 'read']);
  });
});

describe('capabilitiesOf', () => {
  it('unites several roles and lists the role slugs themselves', () => {
    const caps = capabilitiesOf(['contributor', 'subscriber']);
    expect(caps.has('contributor')).toBe(true);
    expect(caps.has('subscriber')).toBe(true);
    expect(caps.has('edit_posts')).toBe(true);
    expect(caps.has('publish_posts')).toBe(false);
  });

  it('ignores unknown roles and prototype names', () => {
    expect(capabilitiesOf(['ghost', 'constructor', '__proto__']).size).toBe(0);
  });

  it('uses custom roles', () => {
    const roles = { ...DEFAULT_ROLES, shop_manager: { name: 'Shop manager', capabilities: ['manage_shop'] } };
    expect([...capabilitiesOf(['shop_manager'], roles)]).toEqual(['shop_manager', 'manage_shop']);
  });
});
