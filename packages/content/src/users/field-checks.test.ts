import { isRestError } from '@cms-json/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../index.js';
import {
  checkLocale,
  checkName,
  checkRoles,
  checkSlug,
  checkUrl,
  defaultDisplayName,
  slugFromLogin,
  stripTags,
} from './field-checks.js';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return isRestError(error) ? error.code : 'not a RestError';
  }
  return undefined;
};

describe('user field rules', () => {
  it('derive slugs like sanitize_title', () => {
    expect(slugFromLogin('Jörg Müller@home.de')).toBe('jorg-muller-home-de');
    expect(slugFromLogin('___')).toBe('___');
    expect(slugFromLogin('...')).toBe('user');
    expect(slugFromLogin('a'.repeat(70))).toHaveLength(50);
    expect(checkSlug('  Hello World  ')).toBe('hello-world');
    expect(codeOf(() => checkSlug('***'))).toBe('rest_user_invalid_slug');
    expect(codeOf(() => checkSlug('a'.repeat(51)))).toBe('user_nicename_too_long');
  });

  it('clean URLs like esc_url_raw', () => {
    expect(checkUrl(' example.com ')).toBe('http://example.com');
    expect(checkUrl('not a url')).toBe('http://not%20a%20url');
    expect(checkUrl('https://example.com/<b>"x"</b>')).toBe('https://example.com/bx/b');
    expect(checkUrl('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(checkUrl('ftp://example.com')).toBe('');
    expect(checkUrl('javascript:alert(1)')).toBe('');
    expect(checkUrl(undefined)).toBe('');
  });

  it('clean names and strip tags', () => {
    expect(checkName(' <em>A</em>\t B ', 'name')).toBe('A B');
    expect(stripTags('<style>p{}</style>x<br/>y<')).toBe('xy');
    expect(codeOf(() => checkName('x'.repeat(251), 'name'))).toBe('rest_invalid_param');
  });

  it('accept known roles and locales only', () => {
    expect(checkRoles(['editor', 'editor', 'author'], DEFAULT_ROLES)).toEqual(['editor', 'author']);
    expect(codeOf(() => checkRoles(['toString'], DEFAULT_ROLES))).toBe('rest_user_invalid_role');
    expect(checkLocale('de_DE')).toBe('de_DE');
    expect(checkLocale('')).toBe('');
    expect(codeOf(() => checkLocale('../../etc'))).toBe('rest_invalid_param');
  });

  it('default the display name as WordPress does', () => {
    expect(defaultDisplayName('jd', 'Jane', 'Doe')).toBe('Jane Doe');
    expect(defaultDisplayName('jd', '', 'Doe')).toBe('Doe');
    expect(defaultDisplayName('jd', '', '')).toBe('jd');
  });
});
