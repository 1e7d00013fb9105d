/**
 * In the `example-site-bun` and `example-site-deno` projects (`runtime-projects.ts`): the
 * site really is served by that runtime, and what the suites do not look at there works on
 * it too: image sizes (sharp loaded by the runtime), the uploaded file served and deleted
 * from the disk, the settings. In the node project (no `CMS_SITE_RUNTIME`) it is skipped.
 */
import { existsSync, readlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { missingRuntime } from '@cms-json/runtimes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteRuntime } from './runtime-site.js';
import { ADMIN_BASIC, type RunningSite, restUrl, startSite } from './start-site.js';

const runtime = siteRuntime(process.env);
const missing =
  runtime === undefined ? 'CMS_SITE_RUNTIME is unset (the example-site-bun and -deno projects set it)' : missingRuntime(runtime);

describe.skipIf(missing !== null)(
  `the example site on ${runtime ?? 'a runtime'}${missing === null ? '' : ` (skipped: ${missing})`}`,
  () => {
    let running: RunningSite;
    beforeAll(async () => {
      running = await startSite({ CMS_SAMPLE_CONTENT: '0', CMS_SAMPLE_LINKS: '0' });
    });
    afterAll(async () => {
      await running?.stop();
    });

    it('is served by that runtime, not by node', () => {
      expect(running.runtime).toBe(runtime);
      expect(running.pid).not.toBe(process.pid);
      if (existsSync(`/proc/${running.pid}/exe`)) expect(basename(readlinkSync(`/proc/${running.pid}/exe`))).toContain(runtime);
    });

    it('uploads an image with its sizes, serves the file and deletes it from the disk', async () => {
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } })
        .jpeg()
        .toBuffer();
      const res = await fetch(restUrl(running, '/media'), {
        method: 'POST',
        headers: {
          authorization: ADMIN_BASIC,
          'content-type': 'image/jpeg',
          'content-disposition': 'attachment; filename="red.jpg"',
        },
        body: photo,
      });
      expect(res.status).toBe(201);
      const media = (await res.json()) as {
        id: number;
        source_url: string;
        media_details: { width: number; file: string; sizes: Record<string, { source_url: string; width: number }> };
      };
      expect(media.media_details.width).toBe(640);
      expect(Object.keys(media.media_details.sizes)).toContain('thumbnail');
      const file = await fetch(media.source_url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect((await file.arrayBuffer()).byteLength).toBe(photo.length);
      const thumbnail = media.media_details.sizes.thumbnail;
      expect(thumbnail === undefined ? 0 : (await fetch(thumbnail.source_url)).status).toBe(200);

      const stored = join(running.dir, 'uploads', media.media_details.file);
      expect(existsSync(stored)).toBe(true);
      const gone = await fetch(restUrl(running, `/media/${media.id}?force=true`), {
        method: 'DELETE',
        headers: { authorization: ADMIN_BASIC },
      });
      expect(gone.status).toBe(200);
      expect(existsSync(stored)).toBe(false);
      expect((await fetch(media.source_url)).status).toBe(404);
    });

    it('reads and writes the settings', async () => {
      const res = await fetch(restUrl(running, '/settings'), {
        method: 'POST',
        headers: { authorization: ADMIN_BASIC, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `On ${runtime}`, posts_per_page: 7 }),
      });
      expect(res.status).toBe(200);
      const read = (await (await fetch(restUrl(running, '/settings'), { headers: { authorization: ADMIN_BASIC } })).json()) as {
        title: string;
        posts_per_page: number;
      };
      expect(read).toMatchObject({ title: `On ${runtime}`, posts_per_page: 7 });
      expect((await fetch(restUrl(running, '/settings'))).status).toBe(401);
    });
  },
);
