/**
 * The size an image's header states, read without sharp: images of each format made by sharp
 * (a devDependency here) and read back, against what sharp itself reads.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSizeFromHeader } from './image-header.js';

const grey = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } });

describe('imageSizeFromHeader', () => {
  it.each([
    ['PNG', () => grey(400, 300).png().toBuffer()],
    ['GIF', () => grey(400, 300).gif().toBuffer()],
    ['baseline JPEG', () => grey(400, 300).jpeg().toBuffer()],
    ['progressive JPEG with EXIF', () => grey(400, 300).withMetadata({ orientation: 6 }).jpeg({ progressive: true }).toBuffer()],
    ['lossy WebP', () => grey(400, 300).webp().toBuffer()],
    ['lossless WebP', () => grey(400, 300).webp({ lossless: true }).toBuffer()],
    ['WebP with alpha (extended)', () => grey(400, 300).ensureAlpha(0.5).webp().toBuffer()],
  ])('reads the width and height of a %s', async (_format, make) => {
    expect(imageSizeFromHeader(new Uint8Array(await make()))).toEqual({ width: 400, height: 300 });
  });

  it('reads the stored size of a JPEG, not turned by its EXIF orientation, as getimagesize does', async () => {
    const turned = await grey(400, 300).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(imageSizeFromHeader(new Uint8Array(turned))).toEqual({ width: 400, height: 300 });
  });

  it('answers undefined for a format it does not read, a cut-off header, or not an image', async () => {
    const tiff = await grey(40, 30).tiff().toBuffer();
    expect(imageSizeFromHeader(new Uint8Array(tiff))).toBeUndefined();
    const png = await grey(40, 30).png().toBuffer();
    expect(imageSizeFromHeader(new Uint8Array(png.subarray(0, 20)))).toBeUndefined();
    const jpeg = await grey(40, 30).jpeg().toBuffer();
    expect(imageSizeFromHeader(new Uint8Array(jpeg.subarray(0, 12)))).toBeUndefined();
    expect(imageSizeFromHeader(new TextEncoder().encode('Plain words, not an image.'))).toBeUndefined();
    expect(imageSizeFromHeader(new Uint8Array(0))).toBeUndefined();
  });
});
