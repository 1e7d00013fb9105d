/**
 * A graceful stop (issue 16, item 10), with a real signal and real sockets: SIGTERM while
 * connections wait in the kernel's accept queue (the event loop busy with a heavy request).
 * Every connection the kernel accepted gets its answer; none is reset.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/graceful-server.ts', import.meta.url));
const QUEUED = 30;
let child: ChildProcess | undefined;

afterEach(() => {
  if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

function start(): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', FIXTURE], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (data: Buffer) => {
      out += data.toString();
      const match = /port (\d+)/.exec(out);
      if (match) resolve({ child: proc, port: Number(match[1]), output: () => out });
    });
    proc.stderr.on('data', (data: Buffer) => {
      out += data.toString();
    });
    proc.on('exit', (code) => reject(new Error(`fixture exited ${code}: ${out}`)));
  });
}

/** One GET on its own connection: the status line, or the socket error met. */
function get(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let error: string | undefined;
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.on('data', (data: Buffer) => {
      text += data.toString('latin1');
    });
    socket.on('error', (e: Error & { code?: string }) => {
      error ??= e.code ?? e.message;
    });
    socket.on('close', () => resolve(error ?? (text.split('\r\n')[0] || 'closed without an answer')));
    socket.setTimeout(15_000, () => socket.destroy());
  });
}

describe('SIGTERM on serve()', () => {
  it(`answers every connection waiting in the accept queue (${QUEUED}), then exits 0`, { timeout: 60_000 }, async () => {
    const started = await start();
    child = started.child;
    const exited = new Promise<number | null>((resolve) => started.child.on('exit', (code) => resolve(code)));
    const blocked = get(started.port, '/cms-json/demo/v1/block');
    await new Promise((resolve) => setTimeout(resolve, 100)); // the child is now busy
    const queued = Array.from({ length: QUEUED }, () => get(started.port, '/cms-json/demo/v1/hello'));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the handshakes are done
    started.child.kill('SIGTERM');
    const outcomes = new Map<string, number>();
    for (const outcome of await Promise.all([blocked, ...queued])) outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    expect(Object.fromEntries(outcomes)).toEqual({ 'HTTP/1.1 200 OK': QUEUED + 1 });
    expect(await exited).toBe(0);
    expect(started.output()).toContain('closed');
  });
});
