import { describe, expect, it } from 'vitest';
import { createRestServer } from './index.js';

class Shelf {
  readonly items: string[] = [];
}

declare module './server.js' {
  interface ServerExtensions {
    testShelf: Shelf;
  }
}

describe('server.extension', () => {
  it('makes a registry once per server and gives the same one after', () => {
    const server = createRestServer();
    const first = server.extension('testShelf', () => new Shelf());
    first.items.push('a');
    expect(server.extension('testShelf', () => new Shelf())).toBe(first);
    expect(server.extension('testShelf', () => new Shelf()).items).toEqual(['a']);
  });

  it('keeps each server its own registry', () => {
    const one = createRestServer();
    const two = createRestServer();
    expect(one.extension('testShelf', () => new Shelf())).not.toBe(two.extension('testShelf', () => new Shelf()));
  });
});
