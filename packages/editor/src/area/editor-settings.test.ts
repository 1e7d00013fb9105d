import { describe, expect, it } from 'vitest';
import { blockCategories } from '../blocks/index.js';
import { editorSettings } from './editor-settings.js';

const base = {
  options: { default_comment_status: 'closed' as const },
  blockCategories: blockCategories(),
  stylesheetUrl: '/cms-admin/assets/editor.css?ver=1',
};

describe('the block editor settings of the host page', () => {
  it("has WordPress 6.1's keys from the site: uploads, image sizes, placeholders, autosave, discussion", () => {
    const settings = editorSettings({ ...base, media: {} });
    expect(settings).toMatchObject({
      alignWide: false,
      allowedBlockTypes: true,
      titlePlaceholder: 'Add title',
      bodyPlaceholder: 'Type / to choose a block',
      autosaveInterval: 60,
      localAutosaveInterval: 15,
      richEditingEnabled: true,
      imageDefaultSize: 'large',
      imageEditing: true,
      maxUploadFileSize: 64 * 1024 * 1024,
      postLock: { isLocked: false },
      supportsLayout: true,
      supportsTemplateMode: false,
      __experimentalDiscussionSettings: { defaultCommentStatus: 'closed', commentOrder: 'asc' },
      __unstableResolvedAssets: {
        styles: '<link rel="stylesheet" href="/cms-admin/assets/editor.css?ver=1" media="all">',
        scripts: '',
      },
    });
    // No classic meta boxes here: no Custom Fields panel (WordPress leaves the key out without its meta box).
    expect(settings).not.toHaveProperty('enableCustomFields');
    // Not a key of WordPress 6.1 (edit-post 6.15 has its own default).
    expect(settings).not.toHaveProperty('codeEditingEnabled');
    expect(settings.allowedMimeTypes).toMatchObject({ 'jpg|jpeg|jpe': 'image/jpeg', png: 'image/png', pdf: 'application/pdf' });
    expect(settings.imageDimensions).toEqual({
      thumbnail: { width: 150, height: 150, crop: true },
      medium: { width: 300, height: 300, crop: false },
      large: { width: 1024, height: 1024, crop: false },
    });
    expect(settings.imageSizes).toEqual([
      { slug: 'thumbnail', name: 'Thumbnail' },
      { slug: 'medium', name: 'Medium' },
      { slug: 'large', name: 'Large' },
      { slug: 'full', name: 'Full Size' },
    ]);
    expect((settings.blockCategories as { slug: string }[]).map((category) => category.slug)).toContain('reusable');
  });

  it("carries the default theme's palette, font sizes, spacing and global styles", () => {
    const settings = editorSettings(base);
    expect(settings.colors).toContainEqual({ color: '#9DFF20', name: 'Primary', slug: 'primary' });
    expect((settings.fontSizes as { slug: string }[]).map((size) => size.slug)).toEqual([
      'small',
      'medium',
      'large',
      'x-large',
      'xx-large',
    ]);
    expect(settings.spacingSizes).toBeDefined();
    expect(settings.__experimentalFeatures).toMatchObject({ appearanceTools: false, useRootPaddingAwareAlignments: true });
    const styles = settings.styles as { css: string; isGlobalStyles?: boolean }[];
    expect(styles.some((style) => style.isGlobalStyles === true && style.css.includes('--wp--preset--color--primary'))).toBe(
      true,
    );
  });

  it('offers no uploads on a site without media routes, and follows the site’s media options', () => {
    expect(editorSettings(base)).toMatchObject({ allowedMimeTypes: {}, maxUploadFileSize: 0 });
    const small = editorSettings({
      ...base,
      media: {
        maxUploadBytes: 1024,
        allowedTypes: [{ mimeType: 'image/png', extensions: ['png'] }],
        imageSizes: [{ name: 'thumbnail', width: 64, height: 64, crop: true }],
      },
    });
    expect(small).toMatchObject({
      maxUploadFileSize: 1024,
      allowedMimeTypes: { png: 'image/png' },
      imageDimensions: { thumbnail: { width: 64, height: 64, crop: true } },
    });
    expect(small.imageSizes).toEqual([
      { slug: 'thumbnail', name: 'Thumbnail' },
      { slug: 'full', name: 'Full Size' },
    ]);
  });

  it('gives every call its own copy (the editor may change it)', () => {
    const first = editorSettings(base);
    (first.colors as unknown[]).length = 0;
    expect((editorSettings(base).colors as unknown[]).length).toBeGreaterThan(0);
  });
});
