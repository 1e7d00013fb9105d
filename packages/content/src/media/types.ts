/**
 * The types the files of `media/` share: the media options, the arguments of the media
 * writes, and what the media routes ask of their controller. Kept here, apart from the
 * controller, so the routes and the image editor need not import it.
 *
 * @module
 */
import type { RestError, RestRequest, RestResponse } from '@cms-json/core';
import type { z } from 'zod';
import type { ListPostArgs } from '../posts/args.js';
import type { PostsController } from '../posts/controller.js';
import type { PostTypeArgs } from '../posts/post-types.js';
import type { Post } from '../posts/store.js';
import type { WritePostArgs } from '../posts/write-args.js';
import type { FileStore } from './file-store.js';
import type { AllowedFileType } from './file-types.js';
import type { ImageSize } from './image-sizes.js';
import type { AttachmentFiles } from './record.js';

/**
 * How a site keeps uploads: `contentPlugin({ auth, media })` serves the media routes with it.
 *
 * @example
 * const media: MediaOptions = { store: diskFileStore({ directory: './data/uploads', urlPath: '/cms-content/uploads' }) };
 */
export interface MediaOptions {
  /** Where files are kept. */
  store: FileStore;
  /** The largest upload, in bytes (413 `rest_body_too_large` past it). @default DEFAULT_MAX_UPLOAD_BYTES (64 MiB) */
  maxUploadBytes?: number | undefined;
  /** The types accepted, checked by the file's bytes. @default DEFAULT_ALLOWED_TYPES */
  allowedTypes?: readonly AllowedFileType[] | undefined;
  /** The resized copies made of images. @default DEFAULT_IMAGE_SIZES */
  imageSizes?: readonly ImageSize[] | undefined;
  /** Images larger than this are kept as a `-scaled` copy; `false` keeps them whole. @default 2560 */
  bigImageThreshold?: number | false | undefined;
}

/** The largest upload by default: 64 MiB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** What an attachments controller needs besides a posts controller's context. */
export interface MediaSettings extends MediaOptions {
  /** The arguments of another post type (a parent's), for its permission checks. */
  readonly typeArgs: (name: string) => PostTypeArgs | undefined;
}

/** A media list's arguments: a post list's and the media filters. */
export interface ListMediaArgs extends ListPostArgs {
  media_type?: string | undefined;
  mime_type?: string | undefined;
}

/** A media create's or update's arguments. */
export interface WriteMediaArgs extends WritePostArgs {
  alt_text?: string | undefined;
  caption?: string | { raw: string } | undefined;
  description?: string | { raw: string } | undefined;
  post?: number | undefined;
}

/**
 * What the media routes and the image editor ask of the `attachment` type's controller, beside
 * a posts controller's steps: an `AttachmentsController` (or a subclass) gives it.
 */
export interface MediaSteps {
  /** The media settings the controller was made with. */
  readonly media: MediaSettings;
  /** Where the files are kept. */
  readonly store: FileStore;
  /** The resized copies made of images. */
  readonly imageSizes: readonly ImageSize[];
  /** The media types a list may filter by, in the original's order. */
  mediaTypes(): string[];
  /** The check of an upload, before its body is read. */
  canUpload(request: RestRequest, args: WriteMediaArgs): Promise<true | RestError>;
  /** Sets the write arguments the routes built. */
  useWriteArgs(args: Record<string, z.ZodType>): void;
  /** `POST /media/<id>/post-process`. */
  postProcess(args: { id: number }, request: RestRequest): Promise<RestResponse>;
  /** The stored files of each attachment. */
  filesOf(request: RestRequest, posts: readonly Post[]): Promise<Map<number, AttachmentFiles>>;
}

/** The `attachment` type's controller as the media routes see it. */
export type MediaRoutesController = PostsController & MediaSteps;
