import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, LocalDiskStorage, trackReads } from '../../files/storage.js';
import { errorHandler } from '../error-handler.js';
import { contentDisposition, guardStoredBytes, STORED_FILE_CSP, sendStoredFile } from '../serve-file.js';

// The guard behind the file-serving suite: stored bytes reach a client only through sendStoredFile, on
// a route that declares it. Routes here are bare Fastify routes with the same config the route table sets.

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
let app: FastifyInstance;
let root: string;
let storage: FileStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tilth-serve-'));
  storage = trackReads(new LocalDiskStorage(root));
  await storage.put('t/evil', Readable.from([Buffer.from(SVG)]));
  app = Fastify();
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', guardStoredBytes);
  const open = async () => (await storage.get('t/evil')) as Readable;
  app.get('/declared', { config: { serves: 'file' } }, async (_req, reply) =>
    sendStoredFile(reply, { body: await open(), contentType: 'image/svg+xml', fileName: 'evil.svg' }),
  );
  app.get('/undeclared-helper', async (_req, reply) =>
    sendStoredFile(reply, { body: await open(), contentType: 'image/svg+xml', fileName: 'evil.svg' }),
  );
  app.get('/bypass', { config: { serves: 'file' } }, async (_req, reply) =>
    reply.type('image/svg+xml').send(await open()),
  );
  app.get('/photo', { config: { serves: 'file' } }, async (_req, reply) =>
    sendStoredFile(reply, {
      body: Buffer.from('fake'),
      contentType: 'image/png',
      fileName: '田.png',
      size: 4,
      cacheScope: 'public',
    }),
  );
  app.get('/tile', { config: { serves: 'file' } }, async (_req, reply) =>
    sendStoredFile(reply, {
      body: Buffer.from('jpeg'),
      contentType: 'image/jpeg',
      fileName: '0_0.jpg',
      immutable: true,
    }),
  );
  app.get('/plain', async (_req, reply) => reply.type('text/plain').send('not stored'));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

describe('sendStoredFile', () => {
  it('sends markup as a sandboxed, unsniffable attachment of its stored type', async () => {
    const res = await app.inject({ method: 'GET', url: '/declared' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SVG);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(STORED_FILE_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(contentDisposition('attachment', 'evil.svg'));
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('shows raster images inline, still sandboxed, with their length and cache scope', async () => {
    const res = await app.inject({ method: 'GET', url: '/photo' });
    expect(res.headers['content-disposition']).toMatch(
      /^inline; filename="_.png"; filename\*=UTF-8''%E7%94%B0\.png$/,
    );
    expect(res.headers['content-security-policy']).toBe(STORED_FILE_CSP);
    expect(res.headers['content-length']).toBe('4');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('lets bytes whose URL changes with them be cached for a year, still private', async () => {
    const res = await app.inject({ method: 'GET', url: '/tile' });
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses to serve on a route that does not declare serves: file (500, no byte sent)', async () => {
    const res = await app.inject({ method: 'GET', url: '/undeclared-helper' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('<script>');
  });
});

describe('the stored-bytes guard', () => {
  it('fails a reply that sends stored bytes without sendStoredFile, sending none of them', async () => {
    const res = await app.inject({ method: 'GET', url: '/bypass' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('<script>');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ failed: true, code: 'error.internal' });
  });

  it('leaves every other answer alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/plain' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('not stored');
  });
});

describe('beside the console’s own security headers', () => {
  it('the stored-file policy replaces the page policy set earlier by @fastify/helmet', async () => {
    const withHelmet = Fastify();
    await withHelmet.register(helmet);
    withHelmet.get('/declared', { config: { serves: 'file' } }, async (_req, reply) =>
      sendStoredFile(reply, {
        body: (await storage.get('t/evil')) as Readable,
        contentType: 'image/svg+xml',
        fileName: 'evil.svg',
      }),
    );
    try {
      const res = await withHelmet.inject({ method: 'GET', url: '/declared' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe(STORED_FILE_CSP);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      const plain = await withHelmet.inject({ method: 'GET', url: '/missing' });
      expect(plain.headers['content-security-policy']).not.toBe(STORED_FILE_CSP);
    } finally {
      await withHelmet.close();
    }
  });
});
