/** The part of `s3rver` (which ships no types) the tests use. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    store: { existsObject(bucket: string, key: string): Promise<boolean> };
  }
}
