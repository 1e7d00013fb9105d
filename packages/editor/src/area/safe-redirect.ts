/**
 * Where the sign-in page may send a browser after signing in: a page of this site only (no
 * open redirect), as WordPress's `wp_safe_redirect` allows only its own host.
 *
 * @module
 */

/**
 * The absolute URL `wanted` names when it is on the site (same scheme, host and port, under
 * the site's path), otherwise `fallback`. Relative paths are taken on the site; `//host`,
 * `\\host`, other schemes and other hosts fall back.
 *
 * @example
 * safeRedirect('/cms-admin/?post_type=page', { siteUrl: 'http://127.0.0.1:8080', fallback: 'http://127.0.0.1:8080/cms-admin/' });
 * // 'http://127.0.0.1:8080/cms-admin/?post_type=page'
 * safeRedirect('https://evil.example/', { siteUrl: 'http://127.0.0.1:8080', fallback: 'http://127.0.0.1:8080/cms-admin/' });
 * // 'http://127.0.0.1:8080/cms-admin/'
 */
export function safeRedirect(wanted: string | undefined, options: { siteUrl: string; fallback: string }): string {
  if (wanted === undefined || wanted === '') return options.fallback;
  // Browsers read `\` as `/` and drop tabs and newlines: `/\evil.example` is another host.
  if (wanted.includes('\\') || hasControlCharacter(wanted)) return options.fallback;
  if (wanted.startsWith('//')) return options.fallback;
  let site: URL;
  let target: URL;
  try {
    site = new URL(`${options.siteUrl}/`);
    target = new URL(wanted, site);
  } catch {
    return options.fallback;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return options.fallback;
  if (target.origin !== site.origin || target.username !== '' || target.password !== '') return options.fallback;
  if (!target.pathname.startsWith(site.pathname)) return options.fallback;
  return target.href;
}

/** Whether the text holds a C0 control character or DEL (tabs and newlines among them). */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
