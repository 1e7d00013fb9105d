import { describe, expect, it } from 'vitest';
import { phpassCrypt, phpassEncode64 } from './phpass.js';

describe("phpass's portable hash core", () => {
  it('gives the hash WordPress 6.1 wrote for a known password and setting (recorded pair)', () => {
    const stored = '$P$B93A7l4l0jBKHNxUB7dky.au259mzo.';
    expect(phpassCrypt('oracleadminapppassword01', stored)).toBe(stored);
    expect(phpassCrypt('oracleadminapppassword01', stored.slice(0, 12))).toBe(stored);
    expect(phpassCrypt(Buffer.from('oracleadminapppassword01'), stored)).toBe(stored);
  });

  it('gives another hash for another password or salt', () => {
    const stored = '$P$B93A7l4l0jBKHNxUB7dky.au259mzo.';
    expect(phpassCrypt('oracleadminapppassword02', stored)).not.toBe(stored);
    expect(phpassCrypt('oracleadminapppassword01', '$P$B93A7l4l1')).not.toBe(stored);
  });

  it('refuses a setting whose round count is outside 7–30', () => {
    expect(phpassCrypt('x', '$P$.abcdefgh')).toBeUndefined();
    expect(phpassCrypt('x', '$P$4abcdefgh')).toBeUndefined();
    expect(phpassCrypt('x', '$P$Tabcdefgh')).toBeUndefined();
    expect(phpassCrypt('x', '')).toBeUndefined();
  });

  it("encodes bytes in phpass's base64: 6 bytes make an 8-character salt, 16 make 22", () => {
    expect(phpassEncode64(new Uint8Array([0, 0, 0]), 3)).toBe('....');
    expect(phpassEncode64(new Uint8Array([255, 255, 255]), 3)).toBe('zzzz');
    expect(phpassEncode64(new Uint8Array(6).fill(7), 6)).toMatch(/^[./0-9A-Za-z]{8}$/);
    expect(phpassEncode64(new Uint8Array(16), 16)).toHaveLength(22);
  });
});
