/**
 * Receiving an upload from a streamed request body, in either of the original's two forms,
 * into a staged file: `multipart/form-data` with one file in the field `file` (parsed by
 * `busboy` as it arrives; the other fields become the request's body parameters), or the
 * file as the raw body, named by `Content-Disposition: attachment; filename=…`. A
 * `Content-MD5` header (hex, as the original compares it, or base64) is checked against the
 * bytes received. Nothing is buffered whole; on any failure the staged file is removed.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isRestError, parseQueryString, type RestError, type RestRequest } from '@cms-json/core';
import busboy from 'busboy';
import { contentError } from '../errors.js';

/** An upload received into a staged file. */
export interface ReceivedUpload {
  /** The staged file. */
  readonly localPath: string;
  /** The file name as the client sent it: never used on the file system as it is. */
  readonly fileName: string;
  readonly size: number;
  /** Which form it came in: the original answers a refused type differently for each. */
  readonly form: 'multipart' | 'raw';
}

/** Limits on the text fields of a multipart upload. */
const FIELD_LIMITS = { fields: 200, fieldSize: 64 * 1024, parts: 202, headerPairs: 100 } as const;

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * Receives the upload of `request` (an endpoint with `streamBody`) into `stagingPath`.
 * Throws the original's errors: `rest_upload_no_data`, `rest_upload_no_content_type`,
 * `rest_upload_no_content_disposition`,
 * `rest_upload_invalid_disposition`, `rest_upload_hash_mismatch` (412),
 * `rest_upload_unknown_error` (a partial or empty file), `rest_upload_multiple_files`, and
 * the core's 413 `rest_body_too_large` past the endpoint's limit.
 *
 * @example
 * ```ts
 * const upload = await receiveUpload(request, await store.stagingPath());
 * ```
 */
export async function receiveUpload(request: RestRequest, stagingPath: string): Promise<ReceivedUpload> {
  const body = request.bodyStream;
  try {
    const received = MULTIPART.test(request.contentType)
      ? await receiveMultipart(request, body, stagingPath)
      : await receiveRaw(request, body, stagingPath);
    if (received.size === 0) throw contentError('rest_upload_unknown_error.empty');
    checkHash(request.header('content-md5'), received.md5);
    return { localPath: stagingPath, fileName: received.fileName, size: received.size, form: received.form };
  } catch (error) {
    await rm(stagingPath, { force: true });
    throw error;
  }
}

interface Staged {
  fileName: string;
  size: number;
  md5: Buffer;
  form: 'multipart' | 'raw';
}

async function receiveRaw(request: RestRequest, body: AsyncIterable<Uint8Array> | undefined, path: string): Promise<Staged> {
  if (body === undefined) throw contentError('rest_upload_no_data');
  if (request.contentType.trim() === '') throw contentError('rest_upload_no_content_type');
  const disposition = request.header('content-disposition');
  if (disposition === undefined || disposition.trim() === '') throw contentError('rest_upload_no_content_disposition');
  const fileName = fileNameFromDisposition(disposition);
  if (fileName === undefined) throw contentError('rest_upload_invalid_disposition');
  const written = await writeStaged(body, path);
  if (written.size === 0) throw contentError('rest_upload_no_data');
  return { fileName, ...written, form: 'raw' };
}

async function receiveMultipart(
  request: RestRequest,
  body: AsyncIterable<Uint8Array> | undefined,
  path: string,
): Promise<Staged> {
  if (body === undefined) throw contentError('rest_upload_no_data');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.header('content-type') ?? '' },
      limits: FIELD_LIMITS,
      defParamCharset: 'utf8',
    });
  } catch {
    // No boundary: the original's PHP finds no file in such a body.
    throw contentError('rest_upload_no_data');
  }
  const fields: string[] = [];
  let file: Promise<Staged> | undefined;
  let refusal: RestError | undefined;
  const closed = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', reject);
  });
  closed.catch(() => undefined);
  parser.on('field', (name, value, info) => {
    // A part `file` sent with a type but an empty name: the original's PHP sees a file that was not sent.
    if (name === 'file' && info.mimeType !== 'text/plain') refusal ??= contentError('rest_upload_unknown_error.no_file');
    fields.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  });
  parser.on('file', (name, stream, info) => {
    if (file !== undefined || name !== 'file') {
      if (file !== undefined) refusal ??= contentError('rest_upload_multiple_files');
      stream.resume();
      return;
    }
    file = writeStaged(stream, path).then((written) => {
      if ((stream as { truncated?: boolean }).truncated === true) throw partialUpload();
      return { fileName: info.filename ?? '', ...written, form: 'multipart' as const };
    });
    file.catch(() => undefined);
  });
  const boundary = boundaryOf(request.header('content-type') ?? '');
  const source = boundary === undefined ? body : lenientPartHeaders(body, boundary);
  try {
    for await (const chunk of source) {
      if (!parser.write(chunk)) await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), closed]);
    }
    parser.end();
    await closed;
  } catch (error) {
    parser.destroy();
    await file?.catch(() => undefined);
    if (isRestError(error)) throw error;
    // busboy's "Unexpected end of form": the body stopped inside the file.
    throw partialUpload();
  }
  if (refusal !== undefined) {
    await file?.catch(() => undefined);
    throw refusal;
  }
  const staged = await (file as Promise<Staged> | undefined);
  if (staged === undefined) throw contentError('rest_upload_no_data');
  request.setBodyParams(parseQueryString(fields.join('&')));
  return staged;
}

/** The `boundary` parameter of a multipart media type. */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const CR = 13;
const LF = 10;
const SPACE = 32;
/** Not UTF-8 anywhere in a name: busboy reads it as U+FFFD, which `safeFileName` removes. */
const NOT_UTF8 = 0xff;

/**
 * The body of a multipart upload with the headers of its parts made acceptable to busboy,
 * which refuses a control character in them (a file name with a NUL, U+0001 or a line break
 * was a 500): in the headers of each part only (from a boundary to the blank line after it),
 * a lone CR or LF becomes a space, as the original's name cleaning makes a line break a
 * `-`, and any other control character but tab a byte that is not UTF-8, which the name
 * cleaning removes, as it does when the raw-body form sends it. The parts' contents pass
 * untouched; the delimiter is found with `indexOf`, across chunk edges.
 */
async function* lenientPartHeaders(body: AsyncIterable<Uint8Array>, boundary: string): AsyncIterable<Uint8Array> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary has no line break before it: searched as if it had one.
  let carry: Buffer = Buffer.from('\r\n');
  let inHeaders = false;
  let lineEmpty = false;
  let heldCr = false;
  for await (const piece of body) {
    let chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let copied = false;
    const set = (at: number, byte: number) => {
      if (!copied) {
        chunk = Buffer.from(chunk);
        copied = true;
      }
      chunk[at] = byte;
    };
    let prefix: Buffer | undefined;
    if (heldCr) {
      prefix = Buffer.from([chunk[0] === LF ? CR : SPACE]);
      heldCr = false;
    }
    let pos = 0;
    let end = chunk.length;
    while (pos < end) {
      if (!inHeaders) {
        const search = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
        // A carry is only kept at a chunk's start (pos 0); past a part's headers, it is empty.
        const found = search.indexOf(delimiter, pos);
        if (found === -1) {
          carry = Buffer.from(search.subarray(Math.max(pos, search.length - delimiter.length + 1)));
          break;
        }
        pos = found + delimiter.length - carry.length;
        carry = Buffer.alloc(0);
        inHeaders = true;
        lineEmpty = false;
        continue;
      }
      const byte = chunk[pos] ?? 0;
      if (byte === CR) {
        if (pos === chunk.length - 1) {
          // Whether it ends a line is known with the next chunk.
          heldCr = true;
          end = pos;
          break;
        }
        if (chunk[pos + 1] === LF) {
          pos += 2;
          if (lineEmpty) inHeaders = false;
          lineEmpty = true;
          continue;
        }
        set(pos, SPACE);
      } else if (byte === LF) {
        // After a CR held over from the last chunk, a line's end; else a lone LF.
        if (pos === 0 && prefix?.[0] === CR) {
          pos += 1;
          if (lineEmpty) inHeaders = false;
          lineEmpty = true;
          continue;
        }
        set(pos, SPACE);
      } else if ((byte < 32 && byte !== 9) || byte === 127) set(pos, NOT_UTF8);
      lineEmpty = false;
      pos += 1;
    }
    const out = end === chunk.length ? chunk : chunk.subarray(0, end);
    if (prefix !== undefined) yield prefix;
    if (out.length > 0) yield out;
  }
  if (heldCr) yield Buffer.from([CR]);
}

function partialUpload(): RestError {
  return contentError('rest_upload_unknown_error.partial');
}

/** Streams chunks into a new file at `path`, counting and hashing them. */
async function writeStaged(source: AsyncIterable<Uint8Array>, path: string): Promise<{ size: number; md5: Buffer }> {
  const hash = createHash('md5');
  let size = 0;
  const out = createWriteStream(path, { flags: 'wx' });
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Uint8Array>) {
      try {
        for await (const chunk of chunks) {
          size += chunk.byteLength;
          hash.update(chunk);
          yield chunk;
        }
      } catch (error) {
        // The body stopped: the client went away (or the core's 413, passed on as it is).
        throw isRestError(error) ? error : partialUpload();
      }
    },
    out as Writable,
  );
  return { size, md5: hash.digest() };
}

/**
 * The original's `get_filename_from_disposition`: the `filename` parameter, unquoted;
 * `filename*=UTF-8''…` (RFC 6266) is read too. `undefined` when there is none.
 */
export function fileNameFromDisposition(header: string): string | undefined {
  let found: string | undefined;
  for (const part of header.split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    let value = part.slice(eq + 1).trim();
    if (key === 'filename*') {
      const match = /^utf-8''(.+)$/i.exec(value);
      if (match?.[1] !== undefined) {
        try {
          return decodeURIComponent(match[1]);
        } catch {
          // A malformed escape: fall back to `filename`.
        }
      }
    } else if (key === 'filename' && value !== '') {
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (value !== '') found = value;
    }
  }
  return found;
}

/** Compares `Content-MD5` (hex or base64) with the digest; 412 on a mismatch. */
function checkHash(header: string | undefined, md5: Buffer): void {
  if (header === undefined || header.trim() === '') return;
  const expected = header.trim();
  if (expected.toLowerCase() === md5.toString('hex') || expected === md5.toString('base64')) return;
  throw contentError('rest_upload_hash_mismatch');
}
