/**
 * The few Web-platform globals the core uses, declared here so the core compiles without
 * Node's or the DOM's type libraries: every runtime the adapters target provides them.
 */
declare global {
  interface Console {
    error(...data: unknown[]): void;
    warn(...data: unknown[]): void;
  }
  var console: Console;

  interface TextDecoderOptions {
    fatal?: boolean;
    ignoreBOM?: boolean;
  }
  class TextDecoder {
    constructor(label?: string, options?: TextDecoderOptions);
    decode(input?: Uint8Array): string;
  }

  interface TextEncoderEncodeIntoResult {
    read: number;
    written: number;
  }
  class TextEncoder {
    encodeInto(source: string, destination: Uint8Array): TextEncoderEncodeIntoResult;
  }
}

export {};
