import { describe, expect, it } from 'vitest';
import { compareWalPositions, parseWalPosition, walPositionBytes } from './wal-position.js';

describe('WAL positions from clients', () => {
  it('accepts what PostgreSQL prints, normalized', () => {
    expect(parseWalPosition('0/3000148')).toBe('0/3000148');
    expect(parseWalPosition('0/30001a8')).toBe('0/30001A8');
    expect(parseWalPosition('00000001/0000FF')).toBe('1/FF');
    expect(parseWalPosition('FFFFFFFF/FFFFFFFF')).toBe('FFFFFFFF/FFFFFFFF');
  });

  it('refuses everything else', () => {
    for (const bad of [
      '',
      '0',
      '/',
      '0/',
      '/1',
      '0/1/2',
      ' 0/1',
      '0/1 ',
      '-1/0',
      '0/+1',
      '123456789/0',
      '0/123456789',
      '0x1/0',
      'g/0',
      '0/1;x',
      '0/1\n',
    ]) {
      expect(parseWalPosition(bad), JSON.stringify(bad)).toBeUndefined();
    }
    expect(() => walPositionBytes('nope')).toThrow(/Not a WAL position/);
  });

  it('orders positions as 64-bit numbers, not as text', () => {
    expect(walPositionBytes('1/0')).toBe(4294967296n);
    expect(compareWalPositions('0/FF', '1/0')).toBe(-1);
    expect(compareWalPositions('0/A0', '0/9F')).toBe(1);
    expect(compareWalPositions('0/a0', '0/A0')).toBe(0);
  });
});
