import { DEFAULT_ROLES } from '@cms-json/content';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { setOption } from '../wordpress-options.js';
import { phpTruthy, readWordPressRoles, rolesFromOption, userLevel } from './roles.js';

const serverUrl = inject('mysqlUrl');

describe('rolesFromOption', () => {
  it("keeps the capabilities PHP counts as granted, in the option's order", () => {
    expect(
      rolesFromOption({ shop: { name: 'Shop', capabilities: { read: true, manage_shop: 1, sell: '0', edit_posts: false } } }),
    ).toEqual({ shop: { name: 'Shop', capabilities: ['read', 'manage_shop'] } });
  });

  it('reads a missing or malformed option as no roles, skipping entries that are not roles', () => {
    expect(rolesFromOption(undefined)).toEqual({});
    expect(rolesFromOption(false)).toEqual({});
    expect(rolesFromOption({ broken: 'x', ok: { name: 'Ok', capabilities: [] } })).toEqual({
      ok: { name: 'Ok', capabilities: [] },
    });
  });

  it("answers PHP's empty() for each kind of value", () => {
    for (const value of [null, false, 0, '', '0', [], {}]) expect(phpTruthy(value)).toBe(false);
    for (const value of [true, 1, '1', 'yes', [1], { a: 1 }]) expect(phpTruthy(value)).toBe(true);
  });
});

describe('userLevel', () => {
  it("is the highest level_N of the roles, as WordPress's default roles give", () => {
    expect(userLevel(['administrator'], DEFAULT_ROLES)).toBe(10);
    expect(userLevel(['editor'], DEFAULT_ROLES)).toBe(7);
    expect(userLevel(['author'], DEFAULT_ROLES)).toBe(2);
    expect(userLevel(['contributor'], DEFAULT_ROLES)).toBe(1);
    expect(userLevel(['subscriber'], DEFAULT_ROLES)).toBe(0);
    expect(userLevel(['subscriber', 'editor'], DEFAULT_ROLES)).toBe(7);
    expect(userLevel(['nope'], DEFAULT_ROLES)).toBe(0);
  });
});

describe.skipIf(serverUrl === '')("readWordPressRoles on WordPress's own option", () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  it("reads WordPress 6.1's five roles with the capabilities populate_roles gave them", async () => {
    const roles = await readWordPressRoles(wordpress);
    for (const name of ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const) {
      expect(roles[name]?.name).toBe(DEFAULT_ROLES[name].name);
      expect(new Set(roles[name]?.capabilities)).toEqual(new Set(DEFAULT_ROLES[name].capabilities));
    }
    // The order WordPress lists a user's capabilities in.
    expect(roles.author?.capabilities.slice(0, 3)).toEqual(['upload_files', 'edit_posts', 'edit_published_posts']);
  });

  it('reads a custom role added to the option', async () => {
    const value = {
      subscriber: { name: 'Subscriber', capabilities: { read: true, level_0: true } },
      shop_manager: { name: 'Shop manager', capabilities: { read: true, manage_shop: true, level_3: true } },
    };
    const other = await openFixtureDatabase({ serverUrl });
    try {
      await setOption(other.database, 'wp_user_roles', value);
      const roles = await readWordPressRoles(other);
      expect(roles.shop_manager).toEqual({ name: 'Shop manager', capabilities: ['read', 'manage_shop', 'level_3'] });
      expect(userLevel(['shop_manager'], roles)).toBe(3);
    } finally {
      await other.close();
    }
  });
});
