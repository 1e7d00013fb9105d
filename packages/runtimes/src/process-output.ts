/**
 * The stdout and stderr of a runtime's process, kept for failure messages.
 *
 * @module
 */
import type { Readable } from 'node:stream';

/** How much output is kept: the last megabyte. */
const KEPT_CHARS = 1024 * 1024;

/** Output collected from streams, interleaved as it arrived. */
export interface ProcessOutput {
  /** Starts collecting `stream`; `onText` sees each piece too. */
  collect(stream: Readable, onText?: (text: string) => void): void;
  /** Adds text that did not come from a stream (a log line). */
  append(text: string): void;
  /** Everything kept so far. */
  text(): string;
}

/** Collects the output of a process, keeping the last megabyte. */
export function processOutput(): ProcessOutput {
  let kept = '';
  const append = (text: string): void => {
    kept += text;
    if (kept.length > KEPT_CHARS) kept = kept.slice(-KEPT_CHARS);
  };
  return {
    collect(stream, onText) {
      stream.setEncoding('utf8');
      stream.on('data', (piece: string) => {
        append(piece);
        onText?.(piece);
      });
    },
    append,
    text: () => kept,
  };
}
