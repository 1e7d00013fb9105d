import { describe, expect, it } from 'vitest';
import { CurieRegistry } from './curies.js';

describe('CurieRegistry', () => {
  const registry = new CurieRegistry();
  registry.add({ name: 'cms', href: 'https://api.cms-json.org/{rel}' });

  it('compacts a full-URI relation under a registered base', () => {
    expect(registry.compact('https://api.cms-json.org/term')).toBe('cms:term');
    expect(registry.compact('https://api.cms-json.org/')).toBe('https://api.cms-json.org/');
    expect(registry.compact('https://other.test/term')).toBe('https://other.test/term');
    expect(registry.compact('author')).toBe('author');
  });

  it('merges a full and a compact spelling of one relation without touching the input', () => {
    const full = [{ href: 'a' }];
    const compact = [{ href: 'b' }];
    const links = { 'https://api.cms-json.org/term': full, 'cms:term': compact, self: [{ href: 's' }] };
    const out = registry.apply(links);
    expect(out).toEqual({
      'cms:term': [{ href: 'a' }, { href: 'b' }],
      self: [{ href: 's' }],
      curies: [{ name: 'cms', href: 'https://api.cms-json.org/{rel}', templated: true }],
    });
    expect(full).toEqual([{ href: 'a' }]);
  });

  it('lists no curies when no prefix is used, and never an unregistered one', () => {
    expect(registry.apply({ self: [{ href: 's' }], 'urn:x': [{ href: 'u' }] })).not.toHaveProperty('curies');
  });

  it('lets a later registration of a name replace the earlier one', () => {
    const r = new CurieRegistry();
    r.add({ name: 'x', href: 'https://one.test/{rel}' });
    r.add({ name: 'x', href: 'https://two.test/{rel}' });
    expect(r.compact('https://one.test/a')).toBe('https://one.test/a');
    expect(r.compact('https://two.test/a')).toBe('x:a');
    expect(r.list()).toEqual([{ name: 'x', href: 'https://two.test/{rel}' }]);
  });
});
