// The parts of @20minutes/s3rver (the maintained fork of s3rver, a local S3-compatible server for
// tests; docs/decisions/1652-s3-test-server-fork.md) that the file storage tests use; it ships no types.
declare module "@20minutes/s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string; configs: unknown[] }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
