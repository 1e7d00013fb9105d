import { describe, expect, it } from 'vitest';
import { maybeUnserialize } from '../php-serialized.js';
import { attachmentMetadataFromWordPress, attachmentMetadataToWordPress } from './attachment-metadata.js';
import { fromWordPressMeta, toWordPressMeta } from './meta-values.js';

/** The metadata WordPress 6.1 wrote for the fixture's image (attachment 42), its medium size. */
const STORED =
  'a:3:{s:5:"width";i:800;s:5:"sizes";a:1:{s:6:"medium";a:5:{s:4:"file";s:23:"cms-fixture-300x225.png";s:5:"width";i:300;s:6:"height";i:225;s:9:"mime-type";s:9:"image/png";s:8:"filesize";i:1139;}}s:10:"image_meta";a:1:{s:8:"keywords";a:0:{}}}';

describe('attachment metadata between WordPress and the project', () => {
  it("reads each size's mime-type as mime_type, last, as WordPress's REST controller shows it", () => {
    expect(JSON.parse(fromWordPressMeta(STORED, '_wp_attachment_metadata'))).toStrictEqual({
      width: 800,
      sizes: { medium: { file: 'cms-fixture-300x225.png', width: 300, height: 225, filesize: 1139, mime_type: 'image/png' } },
      image_meta: { keywords: [] },
    });
    expect(Object.keys(JSON.parse(fromWordPressMeta(STORED, '_wp_attachment_metadata')).sizes.medium)).toEqual([
      'file',
      'width',
      'height',
      'filesize',
      'mime_type',
    ]);
    // Other keys keep WordPress's names.
    expect(fromWordPressMeta(STORED, 'other')).toContain('"mime-type"');
  });

  it('writes mime_type back as mime-type after height: the very text WordPress stored', () => {
    const json = fromWordPressMeta(STORED, '_wp_attachment_metadata');
    expect(toWordPressMeta(json, '_wp_attachment_metadata')).toBe(STORED);
  });

  it('leaves metadata without sizes, and sizes of other shapes, as they are', () => {
    expect(attachmentMetadataFromWordPress({ width: 1 })).toEqual({ width: 1 });
    expect(attachmentMetadataFromWordPress({ sizes: [] })).toEqual({ sizes: [] });
    expect(attachmentMetadataToWordPress({ sizes: { a: 'x' } })).toEqual({ sizes: { a: 'x' } });
    expect(attachmentMetadataToWordPress({ sizes: { a: { file: 'f', mime_type: 'image/png' } } })).toEqual({
      sizes: { a: { file: 'f', 'mime-type': 'image/png' } },
    });
    expect(maybeUnserialize(toWordPressMeta('{"sizes":{}}', '_wp_attachment_metadata'))).toEqual({ sizes: [] });
  });
});
