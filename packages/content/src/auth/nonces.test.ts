import { describe, expect, it } from 'vitest';
import { HOUR, manualClock } from '../../test/helpers.js';
import { createNonces } from '../index.js';

const secret = 'test secret, sixteen+ chars';
const session = { userId: 1, token: 'session-token-one' };

describe('createNonces', () => {
  it('makes 10 hex characters that verify as fresh', () => {
    const nonces = createNonces({ secret, now: manualClock().now });
    const nonce = nonces.create('cms_rest', session);
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(nonces.verify(nonce, 'cms_rest', session)).toBe(1);
  });

  it('is valid in the current and the previous 12-hour tick, and expired after two ticks', () => {
    // tick = ceil(now / 12 h): a new tick starts 1 ms after each multiple of 12 hours.
    const nextTickStart = Math.ceil(Date.parse('2030-01-01T00:00:00Z') / (12 * HOUR)) * 12 * HOUR + 1;
    const clock = manualClock(nextTickStart - HOUR);
    const nonces = createNonces({ secret, now: clock.now });
    const nonce = nonces.create('cms_rest', session);
    clock.advance(HOUR - 1); // still the same tick
    expect(nonces.verify(nonce, 'cms_rest', session)).toBe(1);
    clock.advance(1); // next tick
    expect(nonces.verify(nonce, 'cms_rest', session)).toBe(2);
    clock.advance(12 * HOUR - 1); // end of the next tick
    expect(nonces.verify(nonce, 'cms_rest', session)).toBe(2);
    clock.advance(1); // two ticks later
    expect(nonces.verify(nonce, 'cms_rest', session)).toBe(0);
    expect(nonces.create('cms_rest', session)).not.toBe(nonce);
  });

  it('never lives longer than the lifetime', () => {
    const clock = manualClock();
    const nonces = createNonces({ secret, now: clock.now, lifetimeMs: 2 * HOUR });
    const nonce = nonces.create('a', session);
    clock.advance(2 * HOUR);
    expect(nonces.verify(nonce, 'a', session)).toBe(0);
  });

  it('fails for another user, session, action or secret', () => {
    const clock = manualClock();
    const nonces = createNonces({ secret, now: clock.now });
    const nonce = nonces.create('cms_rest', session);
    expect(nonces.verify(nonce, 'cms_rest', { userId: 2, token: session.token })).toBe(0);
    expect(nonces.verify(nonce, 'cms_rest', { userId: 1, token: 'another-session' })).toBe(0);
    expect(nonces.verify(nonce, 'wp_rest', session)).toBe(0);
    expect(createNonces({ secret: `${secret}!`, now: clock.now }).verify(nonce, 'cms_rest', session)).toBe(0);
  });

  it('rejects empty, truncated and non-string values', () => {
    const nonces = createNonces({ secret, now: manualClock().now });
    const nonce = nonces.create('cms_rest', session);
    expect(nonces.verify('', 'cms_rest', session)).toBe(0);
    expect(nonces.verify(nonce.slice(0, 9), 'cms_rest', session)).toBe(0);
    expect(nonces.verify(`${nonce}0`, 'cms_rest', session)).toBe(0);
    // A caller without types (plain JavaScript, a parsed body) may give anything.
    expect(Reflect.apply(nonces.verify, nonces, [42, 'cms_rest', session])).toBe(0);
  });
});

describe('createNonces with non-ASCII input', () => {
  it('rejects a nonce of the right length in characters but not in bytes, without throwing', () => {
    const nonces = createNonces({ secret, now: manualClock().now });
    for (const given of ['é'.repeat(10), '例'.repeat(10), '😀'.repeat(5), `${'a'.repeat(9)}\u{10ffff}`, '\0'.repeat(10)]) {
      expect(() => nonces.verify(given, 'cms_rest', session)).not.toThrow();
      expect(nonces.verify(given, 'cms_rest', session)).toBe(0);
    }
  });

  it('still accepts the nonce it made after refusing others', () => {
    const nonces = createNonces({ secret, now: manualClock().now });
    const nonce = nonces.create('cms_rest', session);
    expect(nonces.verify('é'.repeat(10), 'cms_rest', session)).toBe(0);
    expect(nonces.verify(nonce, 'cms_rest', session)).toBe(1);
  });
});
