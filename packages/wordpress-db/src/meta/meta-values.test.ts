import { describe, expect, it } from 'vitest';
import { fromWordPressMeta, toWordPressMeta } from './meta-values.js';

describe('meta values between the project and WordPress', () => {
  it('reads serialized lists and maps as JSON, as json_encode would', () => {
    expect(fromWordPressMeta('a:2:{i:0;i:5;i:1;i:7;}')).toBe('[5,7]');
    expect(fromWordPressMeta('a:2:{s:5:"width";i:640;s:5:"sizes";a:0:{}}')).toBe('{"width":640,"sizes":[]}');
    expect(fromWordPressMeta('a:2:{i:0;s:1:"x";i:5;s:1:"y";}')).toBe('{"0":"x","5":"y"}');
  });

  it('reads serialized scalars as their text and plain text as it is', () => {
    expect(fromWordPressMeta('b:1;')).toBe('1');
    expect(fromWordPressMeta('b:0;')).toBe('');
    expect(fromWordPressMeta('N;')).toBe('');
    expect(fromWordPressMeta('i:42;')).toBe('42');
    expect(fromWordPressMeta('s:5:"a:1:{";')).toBe('a:1:{');
    expect(fromWordPressMeta('hello')).toBe('hello');
    expect(fromWordPressMeta('[not json')).toBe('[not json');
    expect(fromWordPressMeta(null)).toBe('');
  });

  it('writes JSON arrays and objects serialized, as maybe_serialize', () => {
    expect(toWordPressMeta('[5,7]')).toBe('a:2:{i:0;i:5;i:1;i:7;}');
    expect(toWordPressMeta('{"width":640,"ok":true,"none":null,"ratio":1.5}')).toBe(
      'a:4:{s:5:"width";i:640;s:2:"ok";b:1;s:4:"none";N;s:5:"ratio";d:1.5;}',
    );
    expect(toWordPressMeta('[]')).toBe('a:0:{}');
  });

  it('writes serialized-looking text serialized again, so it reads back as itself', () => {
    const stored = toWordPressMeta('a:1:{i:0;i:5;}');
    expect(stored).toBe('s:14:"a:1:{i:0;i:5;}";');
    expect(fromWordPressMeta(stored)).toBe('a:1:{i:0;i:5;}');
  });

  it('writes other text as it is (numbers, broken JSON, empty)', () => {
    for (const text of ['5', '', 'hello', '[broken', '{"a":', '"quoted"', 'null']) expect(toWordPressMeta(text)).toBe(text);
  });

  it('round-trips media metadata JSON through the serialized form', () => {
    const json = JSON.stringify({
      width: 1200,
      height: 800,
      file: '2023/01/photo.jpg',
      sizes: { thumbnail: { file: 'photo-150x150.jpg', width: 150, height: 150, 'mime-type': 'image/jpeg' } },
      image_meta: { aperture: '0', keywords: [] },
    });
    expect(fromWordPressMeta(toWordPressMeta(json))).toBe(json);
  });
});
