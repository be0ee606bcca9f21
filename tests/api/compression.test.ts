import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { precompressAssets } from '#server/http/precompressAssets';
import { apiClient, type Session } from './support/client.ts';
import { startTestApp, type TestApp } from './support/testApp.ts';

// Compression does not depend on the database: one kind is enough.
describe('compressed answers and precompressed client files', () => {
  let t: TestApp;
  let site: FastifyInstance;
  let admin: Session;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-client-'));
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${String(i)}"`).join(',')}];\n`;
  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      `<!doctype html><title>Gait Portal</title>${' '.repeat(2000)}`,
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b.js'), script);
    fs.writeFileSync(path.join(clientDir, 'sw.js'), script);
    fs.copyFileSync(path.resolve('public', 'robots.txt'), path.join(clientDir, 'robots.txt'));
    precompressAssets(clientDir);
    t = await startTestApp('sqlite');
    admin = await apiClient(t.app).login('admin');
    site = await buildApp({ ...t.deps, config: { ...t.deps.config, clientDir } }, { logger: false });
  });
  afterAll(async () => {
    await site.close();
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const patientsOf = (text: string): unknown => (JSON.parse(text) as { patients: unknown }).patients;
  const get = (url: string, encoding?: string, token?: string) =>
    site.inject({
      method: 'GET',
      url,
      headers: {
        ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
    });

  it('sends API JSON with brotli or gzip as the client accepts, and plain to one that accepts neither', async () => {
    const plain = await get('/api/patients', undefined, admin.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/patients', 'gzip, deflate, br', admin.token);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(patientsOf(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(patientsOf(plain.payload));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await get('/api/patients', 'gzip', admin.token);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(patientsOf(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(patientsOf(plain.payload));
  });

  it('sends the build’s precompressed file, with Content-Encoding and Vary', async () => {
    const br = await get('/assets/app-1a2b.js', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload).toEqual(fs.readFileSync(path.join(clientDir, 'assets', 'app-1a2b.js.br')));
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/app-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    // The service worker must be revalidated on every load, whichever variant is sent; hashed assets are immutable.
    const sw = await get('/sw.js', 'br');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(br.headers['cache-control']).toContain('immutable');
    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('answers /robots.txt with the robots file, not the app shell', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.payload).toMatch(/^User-agent: \*\nDisallow: \/$/m);
    // A client route still gets the app shell.
    const route = await get('/clinician/sessions');
    expect(route.headers['content-type']).toMatch(/^text\/html/);
  });
});
