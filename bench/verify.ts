/**
 * The start-up check: one request to each server, captured as sent on the wire (raw header
 * lines, body bytes), compared with cms-json's answer. The baseline must match it byte for
 * byte (headers compared without `Date`, which changes every second; the `ETag`, a hash of the
 * body on every server, is compared too).
 *
 * @module
 */
import { request as httpRequest } from 'node:http';
import type { LoadRequest } from './load.js';

/** A response as received. */
export interface Captured {
  status: number;
  /** Header lines as `name: value`, in the order sent, without `Date`. */
  headers: string[];
  body: Buffer;
}

/** Sends one request and captures the response. */
export function capture(baseUrl: string, request: LoadRequest): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}${request.path}`,
      {
        method: request.method ?? 'GET',
        headers: { ...request.headers, connection: 'keep-alive' },
        agent: false,
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] ?? '';
            const value = res.rawHeaders[i + 1] ?? '';
            if (name.toLowerCase() !== 'date') headers.push(`${name}: ${value}`);
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** How a response compares with the reference. */
export interface Comparison {
  status: boolean;
  body: boolean;
  /** The same header lines, byte for byte, in the same order. */
  headers: boolean;
  /** The same header lines once names are lower-cased, in any order. */
  sameHeaderSet: boolean;
  /** Header lines only one side sent, names lower-cased (`-` reference, `+` this one). */
  headerDiff: string[];
}

const lowerName = (line: string) => {
  const colon = line.indexOf(':');
  return `${line.slice(0, colon).toLowerCase()}${line.slice(colon)}`;
};

/** Compares a captured response with the reference (cms-json's). */
export function compare(reference: Captured, other: Captured): Comparison {
  const mine = reference.headers.map(lowerName);
  const theirs = other.headers.map(lowerName);
  const headerDiff = [
    ...mine.filter((line) => !theirs.includes(line)).map((line) => `- ${line}`),
    ...theirs.filter((line) => !mine.includes(line)).map((line) => `+ ${line}`),
  ];
  const sameOrder =
    reference.headers.length === other.headers.length && reference.headers.every((line, i) => other.headers[i] === line);
  return {
    status: reference.status === other.status,
    body: reference.body.equals(other.body),
    headers: sameOrder,
    sameHeaderSet: headerDiff.length === 0 && mine.length === theirs.length,
    headerDiff,
  };
}

const DATE_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/g;

/**
 * A captured create with its volatile fields masked: the dates of the new record (`date`,
 * `date_gmt`, `modified`, `modified_gmt`: the second it was written). Ids need no masking: each
 * server's copy of the seeded file is the same, so the first create gets the same id on each.
 */
export function withoutDates(captured: Captured): Captured {
  return { ...captured, body: Buffer.from(captured.body.toString('utf8').replace(DATE_TIME, '<date>')) };
}
