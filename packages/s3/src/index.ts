/** Media of a cms-json site in S3-compatible object storage. @module */
export {};
