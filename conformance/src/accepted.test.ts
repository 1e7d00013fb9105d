import { describe, expect, it } from 'vitest';
import { ACCEPTED_DIFFERENCES, acceptedFor } from './accepted.js';

describe('the accepted differences', () => {
  it('match requests and places with * as any run of characters, and nothing else', () => {
    const basic = acceptedFor('auth/wrong-password-public', { at: 'status', kind: 'value', expected: 200, actual: 401 });
    expect(basic?.reason).toMatch(/incorrect_password/);
    expect(acceptedFor('users/get', { at: 'status', kind: 'value', expected: 200, actual: 401 })).toBeUndefined();
    const nested = acceptedFor('discovery/index', { at: 'body.routes["/tel/v1/outgoing-links"].methods[1]', kind: 'value' });
    expect(nested?.reason).toMatch(/DESIGN\.md §6/);
  });

  it('match alternatives holding brackets and quotes, as the editor area names links and array items', () => {
    const link = (at: string) => acceptedFor('editor/themes-active', { at, kind: 'missing' });
    expect(link('body[0]._links["wp:user-global-styles"]')?.reason).toMatch(/global styles/);
    expect(link('body[0]._links.curies')?.reason).toMatch(/global styles/);
    expect(link('body[0]._links.self')).toBeUndefined();
    expect(acceptedFor('editor/patterns', { at: 'body[12]', kind: 'missing' })?.reason).toMatch(/Twenty Twenty-Three/);
    expect(acceptedFor('editor/patterns', { at: 'body[3]', kind: 'missing' })).toBeUndefined();
  });

  it('each give a reason', () => {
    for (const entry of ACCEPTED_DIFFERENCES) expect(entry.reason.length, `${entry.request} ${entry.at}`).toBeGreaterThan(20);
  });
});
