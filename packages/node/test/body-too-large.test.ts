/**
 * An honest 413 (issue 16, item 6), over real sockets: a client sending a body over
 * `maxBodyBytes` reads the 413 instead of a reset connection (the rest of the body is read
 * and discarded, within `LINGER_LIMITS`), and a client that sends `Expect: 100-continue`
 * gets the 413 at once, never `100 Continue`.
 */
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { createConformanceServer, FIXTURE_MAX_BODY_BYTES, FIXTURE_MAX_UPLOAD_BYTES } from '@cms-json/adapter-conformance';
import { createRestServer } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckContinueListener, createRequestListener, type Served, serve } from '../src/index.js';

const MAX = 64 * 1024;
const TRIES = 20;
let served: Served;

beforeAll(async () => {
  served = await serve({ server: createRestServer({ maxBodyBytes: MAX }), port: 0, onError: () => {} });
});

afterAll(async () => {
  await served.close();
});

/** Sends raw bytes, in pieces, and collects what comes back until the server closes. */
function rawExchange(
  port: number,
  head: string,
  body: { size: number; chunk?: number; waitForContinue?: boolean },
): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let error: string | undefined;
    let sent = 0;
    const piece = Buffer.alloc(body.chunk ?? 16 * 1024, 'x');
    const pump = () => {
      while (sent < body.size && !socket.destroyed) {
        const n = Math.min(piece.length, body.size - sent);
        sent += n;
        if (!socket.write(n === piece.length ? piece : piece.subarray(0, n))) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.on('connect', () => {
      socket.write(head);
      if (!body.waitForContinue) pump();
    });
    socket.on('data', (data) => {
      text += data.toString('latin1');
      if (body.waitForContinue && text.startsWith('HTTP/1.1 100')) pump();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve({ text, error }));
    socket.setTimeout(20_000, () => socket.destroy());
  });
}

describe('a body over maxBodyBytes', () => {
  it(`fetch sees the 413 in ${TRIES} of ${TRIES} tries (12 MiB announced by Content-Length)`, async () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < TRIES; i += 1) {
      const outcome = await fetch(`${served.url}/cms-json/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(12 * 1024 * 1024),
      }).then(
        async (res) => `${res.status} ${(JSON.parse(await res.text()) as { code: string }).code}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(seen)).toEqual({ '413 rest_body_too_large': TRIES });
  });

  it('a raw client streaming 12 MiB by Content-Length reads the whole 413, without a reset', async () => {
    const size = 12 * 1024 * 1024;
    const head = `POST /cms-json/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    const { text, error } = await rawExchange(served.port, head, { size });
    expect(error).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toContain('"code":"rest_body_too_large"');
  });

  it('a raw client streaming a chunked body past the limit reads the 413, without a reset', async () => {
    const head =
      'POST /cms-json/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const text = await new Promise<{ text: string; error?: string }>((resolve) => {
      const socket = connect(served.port, '127.0.0.1');
      let text = '';
      let error: string | undefined;
      socket.on('connect', () => {
        socket.write(head);
        const chunk = 'x'.repeat(32 * 1024);
        for (let i = 0; i < 256; i += 1) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        socket.write('0\r\n\r\n');
      });
      socket.on('data', (data) => {
        text += data.toString('latin1');
      });
      socket.on('error', (e: NodeJS.ErrnoException) => {
        error = e.code ?? e.message;
      });
      socket.on('close', () => resolve({ text, error }));
      socket.setTimeout(20_000, () => socket.destroy());
    });
    expect(text.error).toBeUndefined();
    expect(text.text).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('Expect: 100-continue over the limit is 413 at once, never 100 Continue', async () => {
    const size = 1024 * 1024;
    const head = `POST /cms-json/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\nExpect: 100-continue\r\n\r\n`;
    const { text } = await rawExchange(served.port, head, { size, waitForContinue: true });
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).not.toContain('100 Continue');
  });

  it('Expect: 100-continue within the limit gets 100 Continue, then the answer', async () => {
    const head = `POST /cms-json/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 7\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
    const { text } = await rawExchange(served.port, head, { size: 7, waitForContinue: true });
    // The body was read: the root takes no POST.
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 404 /);
  });

  it('Expect: 100-continue to an upload is held to the upload limit, not maxBodyBytes', async () => {
    const uploads = await serve({ server: createConformanceServer().server, port: 0, onError: () => {} });
    try {
      const head = (size: number) =>
        `POST /cms-json/demo/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test-User: editor\r\nContent-Type: image/png\r\nContent-Length: ${size}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
      const within = FIXTURE_MAX_BODY_BYTES * 2;
      const taken = await rawExchange(uploads.port, head(within), { size: within, waitForContinue: true });
      expect(taken.text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
      expect(taken.text).toContain(`"bytes":${within}`);
      const over = FIXTURE_MAX_UPLOAD_BYTES + 1;
      const refused = await rawExchange(uploads.port, head(over), { size: over, waitForContinue: true });
      expect(refused.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(refused.text).not.toContain('100 Continue');
    } finally {
      await uploads.close();
    }
  });

  it('createCheckContinueListener serves a host’s own server the same way', async () => {
    const server = createRestServer({ maxBodyBytes: MAX });
    const listener = createRequestListener(server);
    const http = createServer(listener);
    http.on('checkContinue', createCheckContinueListener(server, listener));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const port = (http.address() as { port: number }).port;
    try {
      const size = 1024 * 1024;
      const head = `POST /cms-json/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${size}\r\nExpect: 100-continue\r\n\r\n`;
      const { text } = await rawExchange(port, head, { size, waitForContinue: true });
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
