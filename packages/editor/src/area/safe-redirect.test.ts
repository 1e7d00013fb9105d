import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.js';

const site = { siteUrl: 'http://127.0.0.1:8080', fallback: 'http://127.0.0.1:8080/cms-admin/' };

describe('where the sign-in page may send the browser', () => {
  it('follows paths and URLs of the site', () => {
    expect(safeRedirect('/cms-admin/?post_type=page', site)).toBe('http://127.0.0.1:8080/cms-admin/?post_type=page');
    expect(safeRedirect('http://127.0.0.1:8080/cms-admin/post.php?post=3&action=edit', site)).toBe(
      'http://127.0.0.1:8080/cms-admin/post.php?post=3&action=edit',
    );
  });

  it('refuses other hosts, schemes, ports and the tricks browsers read as another host', () => {
    for (const wanted of [
      'https://evil.example/',
      '//evil.example/cms-admin/',
      '/\\evil.example/',
      '\\\\evil.example',
      'http://127.0.0.1:8081/cms-admin/',
      'https://127.0.0.1:8080/cms-admin/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/\t/evil.example/',
      'http://user:pass@127.0.0.1:8080/',
    ]) {
      expect(safeRedirect(wanted, site), wanted).toBe(site.fallback);
    }
  });

  it('keeps a site mounted under a path to that path', () => {
    const mounted = { siteUrl: 'http://127.0.0.1:8080/api', fallback: 'http://127.0.0.1:8080/api/cms-admin/' };
    expect(safeRedirect('/api/cms-admin/', mounted)).toBe('http://127.0.0.1:8080/api/cms-admin/');
    expect(safeRedirect('/other-app/', mounted)).toBe(mounted.fallback);
  });

  it('falls back when nothing is asked', () => {
    expect(safeRedirect(undefined, site)).toBe(site.fallback);
    expect(safeRedirect('', site)).toBe(site.fallback);
  });
});
