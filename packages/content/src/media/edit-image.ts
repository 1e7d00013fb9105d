/**
 * Editing an image on the server, as WordPress 5.5+'s `POST /media/<id>/edit`
 * (`edit_media_item`): the image (its upload as it came, when it was scaled down or turned)
 * is rotated and cropped in the order of the `modifiers` (or the older `rotation` and
 * `x`/`y`/`width`/`height` form), saved as `<name>-edited.<ext>` in this month's folder, and
 * becomes a NEW attachment with its own sizes: the title, caption, description and alt text
 * of the edited one, its `image_meta` where the new file has none, and a `parent_image`
 * naming it. The edited attachment is not changed. Images are handled with `sharp`, an
 * optional peer loaded on first use (`./sharp.ts`).
 *
 * @module
 */
import { rm, writeFile } from 'node:fs/promises';
import { denied, type RestError, type RestRequest, type RestResponse, response } from '@cms-json/core';
import type { OutputInfo } from 'sharp';
import { z } from 'zod';
import { contentError } from '../errors.js';
import { userCan } from '../permissions.js';
import { sanitizeTitle, uniqueSlug } from '../posts/slug.js';
import { newPostRow } from '../posts/write.js';
import type { WritePostArgs } from '../posts/write-args.js';
import { writeTransaction } from '../write-transaction.js';
import { DEFAULT_ALLOWED_TYPES } from './file-types.js';
import { storedFileUrl } from './media-details.js';
import { MEDIA_META_KEYS, setPostMeta } from './post-meta.js';
import { loadSharp, type Sharp } from './sharp.js';
import { type AttachmentMetadata, storeStagedFile } from './store-upload.js';
import type { MediaRoutesController } from './types.js';

/** The types the original edits (`edit_media_item`'s `$supported_types`). */
export const EDITABLE_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * One edit: a clockwise rotation in degrees, or a crop in percentages of the image as it is
 * at that step.
 *
 * @example
 * const edits: ImageModifier[] = [{ type: 'rotate', args: { angle: 90 } }, { type: 'crop', args: { left: 10, top: 10, width: 50, height: 50 } }];
 */
export type ImageModifier =
  | { type: 'rotate'; args: { angle: number } }
  | { type: 'crop'; args: { left: number; top: number; width: number; height: number } };

/** The arguments of an edit, as parsed. */
export interface EditImageArgs {
  src: string;
  modifiers?: ImageModifier[] | undefined;
  rotation?: number | undefined;
  x?: number | undefined;
  y?: number | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

const number = (description: string) => z.number().meta({ description });

/** The original's `modifiers` schema, as its route index shows it. */
const MODIFIERS_PUBLISHED = {
  description: 'Array of image edits.',
  type: 'array',
  minItems: 1,
  items: {
    description: 'Image edit.',
    type: 'object',
    required: ['type', 'args'],
    oneOf: [
      {
        title: 'Rotation',
        properties: {
          type: { description: 'Rotation type.', type: 'string', enum: ['rotate'] },
          args: {
            description: 'Rotation arguments.',
            type: 'object',
            required: ['angle'],
            properties: { angle: { description: 'Angle to rotate clockwise in degrees.', type: 'number' } },
          },
        },
      },
      {
        title: 'Crop',
        properties: {
          type: { description: 'Crop type.', type: 'string', enum: ['crop'] },
          args: {
            description: 'Crop arguments.',
            type: 'object',
            required: ['left', 'top', 'width', 'height'],
            properties: {
              left: {
                description: 'Horizontal position from the left to begin the crop as a percentage of the image width.',
                type: 'number',
              },
              top: {
                description: 'Vertical position from the top to begin the crop as a percentage of the image height.',
                type: 'number',
              },
              width: { description: 'Width of the crop as a percentage of the image width.', type: 'number' },
              height: { description: 'Height of the crop as a percentage of the image height.', type: 'number' },
            },
          },
        },
      },
    ],
  },
};

const rotate = z.object({
  type: z.enum(['rotate']).meta({ description: 'Rotation type.' }),
  args: z.object({ angle: number('Angle to rotate clockwise in degrees.') }).meta({ description: 'Rotation arguments.' }),
});
const crop = z.object({
  type: z.enum(['crop']).meta({ description: 'Crop type.' }),
  args: z
    .object({
      left: number('Horizontal position from the left to begin the crop as a percentage of the image width.'),
      top: number('Vertical position from the top to begin the crop as a percentage of the image height.'),
      width: number('Width of the crop as a percentage of the image width.'),
      height: number('Height of the crop as a percentage of the image height.'),
    })
    .meta({ description: 'Crop arguments.' }),
});

const percent = (description: string) => z.number().min(0).max(100).optional().meta({ description });

/**
 * The arguments of `POST /media/<id>/edit`, described as the original's
 * `get_edit_media_item_args`.
 *
 * @example
 * endpoint({ methods: CREATABLE, args: editImageArgs(), permission, handler });
 */
export function editImageArgs() {
  return {
    src: z.string().meta({ description: 'URL to the edited image file.', format: 'uri' }),
    modifiers: z
      .array(z.union([rotate, crop]).meta({ description: 'Image edit.' }))
      .min(1)
      .optional()
      .meta({ description: 'Array of image edits.', published: MODIFIERS_PUBLISHED }),
    rotation: z
      .number()
      .int()
      .gt(0)
      .lt(360)
      .optional()
      .meta({
        description: 'The amount to rotate the image clockwise in degrees. DEPRECATED: Use `modifiers` instead.',
        published: {
          description: 'The amount to rotate the image clockwise in degrees. DEPRECATED: Use `modifiers` instead.',
          type: 'integer',
          minimum: 0,
          exclusiveMinimum: true,
          maximum: 360,
          exclusiveMaximum: true,
        },
      }),
    x: percent('As a percentage of the image, the x position to start the crop from. DEPRECATED: Use `modifiers` instead.'),
    y: percent('As a percentage of the image, the y position to start the crop from. DEPRECATED: Use `modifiers` instead.'),
    width: percent('As a percentage of the image, the width to crop the image to. DEPRECATED: Use `modifiers` instead.'),
    height: percent('As a percentage of the image, the height to crop the image to. DEPRECATED: Use `modifiers` instead.'),
  };
}

/**
 * The edits a request asks for, as the original reads them: `modifiers` when sent, else the
 * older `rotation` and a crop when `x`, `y`, `width` and `height` are all sent; none is 400
 * `rest_image_not_edited`.
 *
 * @example
 * modifiersOf({ src, rotation: 90 }); // [{ type: 'rotate', args: { angle: 90 } }]
 */
export function modifiersOf(args: EditImageArgs): ImageModifier[] {
  if (args.modifiers !== undefined) return args.modifiers;
  const modifiers: ImageModifier[] = [];
  if (args.rotation !== undefined && args.rotation !== 0) modifiers.push({ type: 'rotate', args: { angle: args.rotation } });
  const { x, y, width, height } = args;
  if (x !== undefined && y !== undefined && width !== undefined && height !== undefined) {
    modifiers.push({ type: 'crop', args: { left: x, top: y, width, height } });
  }
  if (modifiers.length === 0) throw contentError('rest_image_not_edited');
  return modifiers;
}

/** The folder of a stored path, with its slash (`2026/11/`), or `''`. */
function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash + 1);
}

/**
 * The original's `wp_image_file_matches_image_meta`: whether `src` (its query left out) ends
 * with the attachment's file, its upload as it came, or one of its sizes.
 *
 * @example
 * srcMatchesImage('https://example.com/uploads/2026/11/photo-300x225.jpg?v=2', metadata); // true
 */
export function srcMatchesImage(src: string, metadata: AttachmentMetadata): boolean {
  const file = metadata.file ?? '';
  if (file.length <= 4) return false;
  const location = src.split('?')[0] ?? '';
  const folder = folderOf(file);
  const candidates = [
    file,
    ...(metadata.original_image === undefined ? [] : [`${folder}${metadata.original_image}`]),
    ...Object.values(metadata.sizes ?? {}).map((size) => `${folder}${size.file}`),
  ];
  return candidates.some((path) => location.endsWith(path));
}

/** PHP's `round`: halves away from zero. */
function phpRound(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

type Pixels = { data: Buffer; info: OutputInfo };

const pixels = (sharp: Sharp, image: Pixels) =>
  sharp(image.data, { raw: { width: image.info.width, height: image.info.height, channels: image.info.channels } });

/**
 * Applies the edits to an image's bytes and encodes the result in the image's own type. The
 * image is first turned upright by its EXIF orientation, as it is shown. Throws the
 * original's 500s: `rest_unknown_image_file_type` (unreadable, or sharp not installed: the
 * original's answer without an image editor, its message naming `npm install sharp`),
 * `rest_image_rotation_failed`, `rest_image_crop_failed` (a crop that leaves nothing of the image).
 *
 * @example
 * const edited = await applyImageEdits(bytes, 'image/jpeg', [{ type: 'rotate', args: { angle: 90 } }]);
 */
export async function applyImageEdits(input: Uint8Array, mimeType: string, modifiers: readonly ImageModifier[]): Promise<Buffer> {
  const sharp = await loadSharp();
  if (sharp === undefined) throw contentError('rest_unknown_image_file_type.no_editor');
  let image: Pixels;
  try {
    image = await sharp(input).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw contentError('rest_unknown_image_file_type');
  }
  for (const modifier of modifiers) {
    if (modifier.type === 'rotate') {
      if (modifier.args.angle % 360 === 0) continue;
      try {
        image = await pixels(sharp, image)
          .rotate(modifier.args.angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .raw()
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw contentError('rest_image_rotation_failed');
      }
    } else {
      const { width, height } = image.info;
      const { left, top } = modifier.args;
      const x = phpRound((width * left) / 100);
      const y = phpRound((height * top) / 100);
      const right = Math.min(width, x + phpRound((width * modifier.args.width) / 100));
      const bottom = Math.min(height, y + phpRound((height * modifier.args.height) / 100));
      const region = { left: Math.max(0, x), top: Math.max(0, y) };
      if (right - region.left < 1 || bottom - region.top < 1) throw contentError('rest_image_crop_failed');
      try {
        image = await pixels(sharp, image)
          .extract({ ...region, width: right - region.left, height: bottom - region.top })
          .raw()
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw contentError('rest_image_crop_failed');
      }
    }
  }
  const out = pixels(sharp, image);
  switch (mimeType) {
    case 'image/png':
      return out.png().toBuffer();
    case 'image/gif':
      return out.gif().toBuffer();
    case 'image/webp':
      return out.webp().toBuffer();
    default:
      return out.flatten({ background: '#000' }).jpeg().toBuffer();
  }
}

/**
 * The original's name of an edited image: `photo-edited.jpg`, and `photo-edited.jpg` again
 * for `photo-edited-2.jpg` (the store numbers it when the name is taken).
 *
 * @example
 * editedFileName('2026/11/photo.jpg'); // 'photo-edited.jpg'
 */
export function editedFileName(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  const edited = /-edited(-\d+)?$/.test(base) ? base.replace(/-edited(-\d+)?$/, '-edited') : `${base}-edited`;
  return `${edited}${extension}`;
}

/** PHP's `empty` for the values of `image_meta`. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === '0' ||
    value === 0 ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * May the caller edit this image? `upload_files` (else `rest_cannot_edit_image`), then the
 * rights of an update of the attachment, as the original's `edit_media_item_permissions_check`.
 *
 * @example
 * permission: (request, args) => canEditImage(controller, request, id),
 */
export async function canEditImage(
  controller: MediaRoutesController,
  request: RestRequest,
  id: number,
): Promise<true | RestError> {
  if (!userCan(request, 'upload_files')) return denied(request, contentError('rest_cannot_edit_image'));
  return controller.canUpdate(request, { id } as WritePostArgs & { id: number });
}

/**
 * `POST /media/<id>/edit`: the edited copy as a new attachment, 201 with its record, its
 * `Location` and the original's `Upload-Attachment-ID` header. Nothing is stored when the
 * request is refused; a failure after the files were stored removes them and the record.
 *
 * @example
 * handler: (args, request) => editImage(controller, Number(request.urlParams.id), args, request),
 */
export async function editImage(
  controller: MediaRoutesController,
  id: number,
  args: EditImageArgs,
  request: RestRequest,
): Promise<RestResponse> {
  const source = await controller.existing(request, id);
  // Without sharp no image can be edited: say what is missing, not "unknown attachment".
  if (source.mime_type.startsWith('image/') && (await loadSharp()) === undefined) {
    throw contentError('rest_unknown_image_file_type.no_editor');
  }
  const files = (await controller.filesOf(request, [source])).get(source.id);
  const metadata = files?.metadata;
  // As the original's `wp_get_original_image_path`: images only, the upload as it came.
  const isImage = source.mime_type.startsWith('image/') && metadata?.width !== undefined;
  if (files === undefined || metadata === undefined || !isImage || !srcMatchesImage(args.src, metadata)) {
    throw contentError('rest_unknown_attachment');
  }
  if (!EDITABLE_IMAGE_TYPES.includes(source.mime_type)) throw contentError('rest_cannot_edit_file_type');
  const modifiers = modifiersOf(args);
  const imagePath = metadata.original_image === undefined ? files.path : `${folderOf(files.path)}${metadata.original_image}`;
  const fileStore = controller.store;
  let bytes: Uint8Array;
  try {
    if (fileStore.read === undefined) throw new Error('The file store cannot read files.');
    bytes = await fileStore.read(imagePath);
  } catch {
    throw contentError('rest_unknown_image_file_type');
  }
  const edited = await applyImageEdits(bytes, source.mime_type, modifiers);
  const staged = await fileStore.stagingPath();
  let stored: Awaited<ReturnType<typeof storeStagedFile>>;
  try {
    await writeFile(staged, edited);
    stored = await storeStagedFile(
      { localPath: staged, fileName: editedFileName(imagePath), size: edited.length, form: 'raw' },
      {
        store: fileStore,
        allowedTypes: controller.media.allowedTypes ?? DEFAULT_ALLOWED_TYPES,
        imageSizes: controller.imageSizes,
        now: new Date((controller.context.now ?? Date.now)()),
        bigImageThreshold: controller.media.bigImageThreshold,
      },
    );
  } finally {
    await rm(staged, { force: true });
  }
  try {
    return await insertEdited(controller, { source, stored, imagePath, alt: files.alt, sourceMeta: metadata }, request);
  } catch (error) {
    await fileStore.remove(stored.paths).catch(() => undefined);
    throw error;
  }
}

/** The new attachment of an edited image: its record, its meta, its response. */
async function insertEdited(
  controller: MediaRoutesController,
  edit: {
    source: Awaited<ReturnType<MediaRoutesController['existing']>>;
    stored: Awaited<ReturnType<typeof storeStagedFile>>;
    imagePath: string;
    alt: string;
    sourceMeta: AttachmentMetadata;
  },
  request: RestRequest,
): Promise<RestResponse> {
  const { source, stored } = edit;
  const posts = controller.context.store;
  const scope = await controller.writeScope(request);
  const slug = sanitizeTitle(source.title);
  // As the original: the title, description and caption of the edited image; attached to nothing.
  const row = newPostRow(
    scope,
    {
      title: source.title,
      content: source.content,
      excerpt: source.excerpt,
      status: 'inherit',
      slug: slug === '' ? '' : uniqueSlug(slug, await posts.slugsLike('attachment', slug, 0)),
      parent: 0,
      mime_type: stored.mimeType,
      guid: storedFileUrl(controller.store, stored.path, scope.siteUrl),
    },
    request,
  );
  const event = { request, creating: true };
  const filtered = await controller.type.filter('preInsert', { ...row }, event);
  // The record, its meta and what the hooks write in one transaction: all of it or nothing.
  const post = await writeTransaction(posts.transactions)(async () => {
    const created = await posts.create(filtered);
    try {
      // The image_meta of the edited image where the new file has none; upright now.
      const imageMeta: Record<string, unknown> = { ...stored.metadata.image_meta };
      for (const [key, value] of Object.entries(edit.sourceMeta.image_meta ?? {})) {
        if (isEmpty(imageMeta[key]) && !isEmpty(value)) imageMeta[key] = value;
      }
      if (!isEmpty(imageMeta.orientation)) imageMeta.orientation = 1;
      const metadata: AttachmentMetadata & { parent_image: { attachment_id: number; file: string } } = {
        ...stored.metadata,
        image_meta: imageMeta,
        parent_image: { attachment_id: source.id, file: edit.imagePath },
      };
      await setPostMeta(controller.context.postMeta, created.id, MEDIA_META_KEYS.file, stored.path);
      await setPostMeta(controller.context.postMeta, created.id, MEDIA_META_KEYS.metadata, JSON.stringify(metadata));
      if (edit.alt !== '') await setPostMeta(controller.context.postMeta, created.id, MEDIA_META_KEYS.alt, edit.alt);
      await controller.afterWrite(created, {}, event);
    } catch (error) {
      await posts.delete(created.id).catch(() => undefined);
      throw error;
    }
    return created;
  });
  // The original answers in the view context: the route has no `context` argument.
  const record = controller.prepare(post, await controller.scope(request, [post]));
  return response(record, {
    status: 201,
    headers: {
      Location: request.scope.restUrl(`${controller.base}/${post.id}`),
      [`${request.scope.headerPrefix}Upload-Attachment-ID`]: String(post.id),
    },
  });
}
