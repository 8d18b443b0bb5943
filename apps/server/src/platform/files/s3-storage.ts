import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ByteSpan, checkKey, type FileStorage, type StoredStat, watchBody } from './storage.js';

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, Ceph, s3rver); undefined = AWS for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Undefined = the SDK's default chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key (`tilth/` puts all of Tilth under one folder of a shared bucket). */
  prefix: string;
  /** Multipart part size (≥ 5 MiB, S3's minimum) and parts in flight: memory per upload ≈ size × (queue + 1). */
  partSize?: number;
  queueSize?: number;
}

const MiB = 1024 * 1024;

// A 404 for the key itself; a missing bucket (NoSuchBucket) stays an error: that is a setup fault.
const isMissing = (err: unknown): boolean =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * The span asked for, even from a store that answered more (HTTP lets a server ignore Range; s3rver
 * answers `bytes=0-0` with the whole object): what came is skipped and cut to the span, nothing buffered.
 */
const exactSpan = (body: Readable, contentRange: string | undefined, span: ByteSpan): Readable => {
  const m = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
  const from = m ? Number(m[1]) : 0;
  if (m && from === span.start && Number(m[2]) === span.end) return body;
  if (from > span.start) {
    body.destroy();
    throw new Error(`S3 answered bytes from ${from} for a range from ${span.start}`);
  }
  let skip = span.start - from;
  let left = span.end - span.start + 1;
  return Readable.from(
    (async function* () {
      try {
        for await (const c of body) {
          let chunk = c as Buffer;
          if (skip >= chunk.length) {
            skip -= chunk.length;
            continue;
          }
          chunk = chunk.subarray(skip, skip + left);
          skip = 0;
          left -= chunk.length;
          yield chunk;
          if (left === 0) return;
        }
      } finally {
        body.destroy();
      }
    })(),
    { objectMode: false },
  );
};

/** FileStorage on an S3-compatible object store (TILTH_STORAGE=s3). */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(o: S3StorageOptions) {
    this.client = new S3Client({
      endpoint: o.endpoint,
      region: o.region,
      forcePathStyle: o.forcePathStyle,
      credentials:
        o.accessKeyId && o.secretAccessKey
          ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible stores do not speak the aws-chunked
      // trailers the SDK adds by default, and TLS already protects the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = o.bucket;
    this.prefix = o.prefix;
    this.partSize = Math.max(5 * MiB, o.partSize ?? 8 * MiB);
    this.queueSize = Math.max(1, o.queueSize ?? 2);
  }

  private keyOf(key: string): string {
    return this.prefix + checkKey(key);
  }

  async put(key: string, body: Readable): Promise<void> {
    // Multipart in parts of partSize, queueSize at a time: a stream of any length in bounded memory. A
    // body shorter than one part goes as one PutObject. A failed upload aborts its parts.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(key), Body: body },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    // The body's own error (a limit hit, a client gone) is the one to report, not the abort that follows.
    const watched = watchBody(body);
    try {
      await upload.done();
    } catch (err) {
      throw watched.error() ?? err;
    } finally {
      watched.done();
    }
  }

  async get(key: string, span?: ByteSpan): Promise<Readable | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(key),
          Range: span ? `bytes=${span.start}-${span.end}` : undefined,
        }),
      );
      // In Node the body is the response's IncomingMessage: streamed, never buffered.
      if (!(out.Body instanceof Readable)) throw new Error(`S3 GetObject ${key}: no stream body`);
      return span ? exactSpan(out.Body, out.ContentRange, span) : out.Body;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async stat(key: string): Promise<StoredStat | undefined> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
      return { size: out.ContentLength ?? 0, modified: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a missing key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  /** Closes the client's sockets (shutdown, tests). */
  close(): void {
    this.client.destroy();
  }
}
