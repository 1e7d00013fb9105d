/**
 * The error codes of the block routes (`block-types`, `block-renderer`, `block-patterns`), in
 * one table with the original's statuses and messages, as `@cms-json/core`'s `errors.ts` and
 * the content package's table. Routes throw errors made from it (`blockError('block_invalid')`),
 * never with a message or a status of their own. A row with `authorization: true` is a refusal
 * of the caller, sent with `denied(request, blockError(key))`: 401 anonymous, 403 signed in.
 *
 * @module
 */
import { type ErrorCodeTable, errorFactory, type TableErrorMaker } from '@cms-json/core';

/** Key → wire code (when not the key), status and message. */
export const BLOCK_ERROR_CODES = {
  // block-types
  rest_block_type_cannot_view: {
    status: 403,
    message: 'Sorry, you are not allowed to manage block types.',
    authorization: true,
  },
  rest_block_type_invalid: { status: 404, message: 'Invalid block type.' },
  // block-renderer
  block_invalid: { status: 404, message: 'Invalid block.' },
  'block_cannot_read.user': {
    code: 'block_cannot_read',
    status: 403,
    message: 'Sorry, you are not allowed to read blocks as this user.',
    authorization: true,
  },
  'block_cannot_read.post': {
    code: 'block_cannot_read',
    status: 403,
    message: 'Sorry, you are not allowed to read blocks of this post.',
    authorization: true,
  },
  /** A dynamic block this server knows but has no renderer for (the original renders every dynamic block). */
  block_render_unavailable: {
    status: 501,
    message: 'This server does not render the block {name}: register a renderer for it with registerBlockType.',
  },
  // block-patterns
  'rest_cannot_view.patterns': {
    code: 'rest_cannot_view',
    status: 403,
    message: 'Sorry, you are not allowed to view the registered block patterns.',
    authorization: true,
  },
  'rest_cannot_view.pattern_categories': {
    code: 'rest_cannot_view',
    status: 403,
    message: 'Sorry, you are not allowed to view the registered block pattern categories.',
    authorization: true,
  },
} as const satisfies ErrorCodeTable;

/**
 * An error of the block routes' table ({@link BLOCK_ERROR_CODES}).
 *
 * @example
 * throw blockError('rest_block_type_invalid'); // 404, 'Invalid block type.'
 * return denied(request, blockError('block_cannot_read.user')); // 401 or 403
 */
export const blockError: TableErrorMaker<typeof BLOCK_ERROR_CODES> = errorFactory(BLOCK_ERROR_CODES);
