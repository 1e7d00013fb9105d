/**
 * The example site serves its uploads folder over HTTP, and nothing outside it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSite, startSite } from './start-site.js';

let running: RunningSite;
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  running = await startSite();
  const folder = join(running.dir, 'uploads', '2026', '11');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'photo.png'), png);
  mkdirSync(join(running.dir, 'uploads', '.staging'), { recursive: true });
  writeFileSync(join(running.dir, 'uploads', '.staging', 'half'), 'half-written');
});

afterAll(async () => {
  await running.stop();
});

describe('the uploads folder', () => {
  it('serves a stored file with its media type and length, for GET and HEAD', async () => {
    const res = await fetch(`${running.url}/cms-content/uploads/2026/11/photo.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    const head = await fetch(`${running.url}/cms-content/uploads/2026/11/photo.png`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(png.length));
  });

  it('answers 404 for anything outside it, the staging folder and missing files', async () => {
    for (const path of [
      '/cms-content/uploads/2026/11/missing.png',
      '/cms-content/uploads/2026/11',
      '/cms-content/uploads/.staging/half',
      '/cms-content/uploads/2026/%2e%2e/%2e%2e/site.db',
      '/cms-content/uploads/..%2fsite.db',
      '/cms-content/uploads/2026%5c..%5c..%5csite.db',
      '/cms-content/uploads/2026/11/photo.png%00.txt',
      '/site.db',
    ]) {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status, path).toBe(404);
    }
    const post = await fetch(`${running.url}/cms-content/uploads/2026/11/photo.png`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(404);
  });
});
