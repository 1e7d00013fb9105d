/**
 * The rules of a user's fields, after WordPress's `wp_insert_user` and the users
 * controller: each check returns the cleaned value or throws a `RestError` (`@cms-json/core`) with the
 * original's code.
 *
 * @module
 */
import { contentError } from '../errors.js';
import type { Roles } from './roles.js';

/** Longest login (WordPress's `user_login` column). */
export const LOGIN_MAX = 60;
/** Longest slug (WordPress's `user_nicename` column). */
export const SLUG_MAX = 50;
/** Longest email address (WordPress's `user_email` column). */
export const EMAIL_MAX = 100;
const URL_MAX = 100;
const NAME_MAX = 250;

/** WordPress's `sanitize_user( $login, true )` must leave the login unchanged. */
export function checkLogin(login: string): string {
  const trimmed = login.trim();
  if (trimmed === '') throw contentError('empty_user_login');
  if (trimmed.length > LOGIN_MAX) {
    throw contentError('user_login_too_long');
  }
  if (!/^[A-Za-z0-9 _.@-]+$/.test(trimmed) || /\s{2,}/.test(trimmed)) {
    throw contentError('rest_user_invalid_username');
  }
  return trimmed;
}

/** A plausible address of at most 100 characters, trimmed; else `rest_user_invalid_email`. */
export function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > EMAIL_MAX || !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(trimmed)) {
    throw contentError('rest_user_invalid_email');
  }
  return trimmed;
}

/** Not empty and without a backslash, as the users controller requires; else `rest_user_invalid_password`. */
export function checkPassword(password: string): void {
  if (password === '') throw contentError('rest_user_invalid_password');
  if (password.includes('\\')) {
    throw contentError('rest_user_invalid_password.backslash');
  }
}

/** Known role slugs only (else `rest_user_invalid_role`), without duplicates. */
export function checkRoles(requested: readonly string[], roles: Roles): string[] {
  for (const role of requested) {
    if (!Object.hasOwn(roles, role)) throw contentError('rest_user_invalid_role', { params: { role } });
  }
  return [...new Set(requested)];
}

/** Like WordPress's `wp_strip_all_tags`: script and style blocks go with their content, other tags alone. */
export function stripTags(value: string): string {
  return value.replace(/<(script|style)[^>]*?>.*?<\/\1>/gis, '').replace(/<[^>]*>?/g, '');
}

/** Like WordPress's `sanitize_text_field`: no tags, no line breaks, single spaces, trimmed. */
export function checkName(value: string | undefined, field: string): string {
  const trimmed = stripTags(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (trimmed.length > NAME_MAX) {
    throw contentError('rest_invalid_param.name_too_long', { params: { field, max: NAME_MAX } });
  }
  return trimmed;
}

/** Empty (the site's locale) or a locale name such as `de_DE`; else `rest_invalid_param`. */
export function checkLocale(locale: string | undefined): string {
  const value = (locale ?? '').trim();
  if (value !== '' && !/^[a-z]{2,3}(_[A-Z]{2})?(_[A-Za-z0-9]+)?$/.test(value)) {
    throw contentError('rest_invalid_param.locale', { params: { locale: value } });
  }
  return value;
}

/**
 * Like WordPress's `esc_url_raw`: spaces become `%20`, characters a URL cannot hold are
 * dropped (`not a url` → `http://not%20a%20url`), `http://` is added when no scheme is given,
 * and schemes other than http and https give ''.
 */
export function checkUrl(url: string | undefined): string {
  let value = (url ?? '')
    .trim()
    .replace(/ /g, '%20')
    .replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi, '');
  if (value === '') return '';
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) value = `http://${value}`;
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return '';
  if (value.length > URL_MAX) throw contentError('user_url_too_long');
  return value;
}

/** Like WordPress's `sanitize_title`: lower case, accents removed, other characters to `-`. */
export function sanitizeSlug(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/** A given slug, sanitized; `rest_user_invalid_slug` when nothing is left, `user_nicename_too_long` past 50. */
export function checkSlug(slug: string): string {
  const value = sanitizeSlug(slug);
  if (value === '') throw contentError('rest_user_invalid_slug');
  if (value.length > SLUG_MAX) {
    throw contentError('user_nicename_too_long');
  }
  return value;
}

/** The slug derived from a login, cut to 50 characters (`user` when nothing is left). */
export function slugFromLogin(login: string): string {
  return sanitizeSlug(login).slice(0, SLUG_MAX).replace(/-$/, '') || 'user';
}

/** WordPress's default display name: first and last name, either one, or the login. */
export function defaultDisplayName(login: string, firstName: string, lastName: string): string {
  if (firstName && lastName) return `${firstName} ${lastName}`;
  return firstName || lastName || login;
}

/**
 * A registration date given to a new user (one brought over from another site), as ISO
 * 8601 in UTC; now when absent. A date that does not parse is `rest_invalid_param`.
 */
export function checkRegistered(registered: string | undefined, now: () => number): string {
  if (registered === undefined) return new Date(now()).toISOString();
  const time = Date.parse(registered);
  if (!Number.isFinite(time)) throw contentError('rest_invalid_param.registered', { params: { registered } });
  return new Date(time).toISOString();
}
