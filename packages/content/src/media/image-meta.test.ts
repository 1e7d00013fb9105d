/**
 * An uploaded image's `image_meta` read from its EXIF and IPTC data, through the front door
 * (real HTTP on 127.0.0.1, uploads stream), as the original's `wp_read_image_metadata`.
 */
import { type Served, serve } from '@cms-json/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/helpers.js';
import { type ContentSite, contentSite } from '../../test/site.js';
import { diskFileStore } from './file-store.js';

/** An IPTC record 2 dataset. */
function dataset(number: number, value: string): Buffer {
  const data = Buffer.from(value, 'utf8');
  const head = Buffer.from([0x1c, 2, number, 0, 0]);
  head.writeUInt16BE(data.length, 3);
  return Buffer.concat([head, data]);
}

/** The JPEG with an APP13 (Photoshop 3.0, IPTC) segment after its start marker. */
function withIptc(jpeg: Buffer, datasets: Buffer[]): Buffer {
  let iptc = Buffer.concat(datasets);
  if (iptc.length % 2 === 1) iptc = Buffer.concat([iptc, Buffer.from([0])]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(iptc.length - (Buffer.concat(datasets).length % 2), 0);
  const resource = Buffer.concat([Buffer.from('8BIM'), Buffer.from([0x04, 0x04, 0, 0]), size, iptc]);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const marker = Buffer.from([0xff, 0xed, 0, 0]);
  marker.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), marker, body, jpeg.subarray(2)]);
}

for (const prefix of ['cms', 'wp'] as const) {
  describe(`image_meta from EXIF and IPTC in the ${prefix} profile`, () => {
    let site: ContentSite;
    let served: Served;
    let uploads: ReturnType<typeof temporaryDirectory>;
    const blank = () => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 90, b: 160 } } });

    const upload = async (file: Buffer, name: string, type = 'image/jpeg') => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(file)], { type }), name);
      const res = await fetch(`${served.url}/${prefix === 'wp' ? 'wp-json' : 'cms-json'}${site.ns}/media`, {
        method: 'POST',
        headers: site.people.author.headers,
        body,
      });
      return { status: res.status, body: (await res.json()) as { media_details: { image_meta?: Record<string, unknown> } } };
    };

    beforeAll(async () => {
      uploads = temporaryDirectory();
      site = await contentSite({
        prefix,
        media: { store: diskFileStore({ directory: uploads.dir, urlPath: `/${prefix}-content/uploads` }) },
      });
      served = await serve({ server: site.server, port: 0, host: '127.0.0.1', onError: () => {} });
    });
    afterAll(async () => {
      await served.close();
      await site.close();
      uploads.remove();
    });

    it("reads a photo's camera, exposure, lens, ISO, date, credit, copyright and title from its EXIF", async () => {
      const photo = await blank()
        .jpeg()
        .withExif({
          IFD0: { Model: 'Field Camera 7', Artist: 'Ann Example', Copyright: '2026 Ann Example', ImageDescription: 'Blue hour' },
          IFD2: {
            FNumber: '28/10',
            ExposureTime: '1/250',
            ISOSpeedRatings: '200',
            FocalLength: '35/1',
            DateTimeDigitized: '2026:01:02 03:04:05',
          },
        })
        .toBuffer();
      const res = await upload(photo, 'blue.jpg');
      expect(res.status).toBe(201);
      // The original's keys, in its order, every value text.
      expect(res.body.media_details.image_meta).toEqual({
        aperture: '2.8',
        credit: 'Ann Example',
        camera: 'Field Camera 7',
        caption: 'Blue hour',
        created_timestamp: String(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000),
        copyright: '2026 Ann Example',
        focal_length: '35',
        iso: '200',
        shutter_speed: '0.004',
        title: 'Blue hour',
        orientation: '1',
        keywords: [],
      });
      expect(Object.keys(res.body.media_details.image_meta ?? {})).toEqual([
        'aperture',
        'credit',
        'camera',
        'caption',
        'created_timestamp',
        'copyright',
        'focal_length',
        'iso',
        'shutter_speed',
        'title',
        'orientation',
        'keywords',
      ]);
    });

    it('prefers IPTC headline, caption, credit, date, copyright and keywords over EXIF, as the original', async () => {
      const exif = await blank()
        .jpeg()
        .withExif({ IFD0: { Artist: 'EXIF Artist', Copyright: 'EXIF Copyright', ImageDescription: 'EXIF description' } })
        .toBuffer();
      const photo = withIptc(exif, [
        dataset(105, 'Harbour at dawn'),
        dataset(120, 'Boats leaving the harbour before sunrise.'),
        dataset(110, 'Harbour Photo Agency'),
        dataset(55, '20250704'),
        dataset(60, '061500+0200'),
        dataset(116, '© Harbour Photo Agency'),
        dataset(25, 'harbour'),
        dataset(25, 'dawn'),
      ]);
      const res = await upload(photo, 'harbour.jpg');
      expect(res.status).toBe(201);
      expect(res.body.media_details.image_meta).toMatchObject({
        title: 'Harbour at dawn',
        caption: 'Boats leaving the harbour before sunrise.',
        credit: 'Harbour Photo Agency',
        created_timestamp: String(Date.UTC(2025, 6, 4, 4, 15, 0) / 1000),
        copyright: '© Harbour Photo Agency',
        keywords: ['harbour', 'dawn'],
      });
    });

    it('cleans HTML out of the text fields, as wp_kses_post_deep', async () => {
      const photo = await blank()
        .jpeg()
        .withExif({ IFD0: { Model: 'Cam<script>alert(1)</script>', ImageDescription: '<b>Bold</b> title' } })
        .toBuffer();
      const meta = (await upload(photo, 'html.jpg')).body.media_details.image_meta;
      expect(meta).toMatchObject({ camera: 'Cam', title: '<b>Bold</b> title' });
    });

    it('gives the empty image_meta to an image without metadata and to a PNG', async () => {
      const empty = {
        aperture: '0',
        credit: '',
        camera: '',
        caption: '',
        created_timestamp: '0',
        copyright: '',
        focal_length: '0',
        iso: '0',
        shutter_speed: '0',
        title: '',
        orientation: '0',
        keywords: [],
      };
      expect((await upload(await blank().jpeg().toBuffer(), 'plain.jpg')).body.media_details.image_meta).toEqual(empty);
      const png = await blank()
        .png()
        .withExif({ IFD0: { Model: 'Not read' } })
        .toBuffer();
      expect((await upload(png, 'plain.png', 'image/png')).body.media_details.image_meta).toEqual(empty);
    });

    it('keeps the orientation as 1 once an image turned by its EXIF orientation was turned upright', async () => {
      const turned = await blank().jpeg().withMetadata({ orientation: 6 }).toBuffer();
      expect((await upload(turned, 'turned.jpg')).body.media_details.image_meta).toMatchObject({ orientation: 1 });
    });

    it('reads a broken EXIF block as no metadata', async () => {
      const jpeg = await blank().jpeg().toBuffer();
      // An APP1 "Exif" segment whose TIFF header is garbage.
      const junk = Buffer.concat([
        Buffer.from([0xff, 0xe1, 0, 16]),
        Buffer.from('Exif\0\0'),
        Buffer.from('II*\0\xff\xff\xff\xff', 'latin1'),
      ]);
      const broken = Buffer.concat([jpeg.subarray(0, 2), junk, jpeg.subarray(2)]);
      const res = await upload(broken, 'broken.jpg');
      expect(res.status).toBe(201);
      expect(res.body.media_details.image_meta).toMatchObject({ camera: '', aperture: '0' });
    });
  });
}
