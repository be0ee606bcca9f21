import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition } from '#shared/api/call';
import { API_CALLS } from '#shared/api/calls';
import { apiClient } from './support/client.ts';
import { startTestApp, type TestApp } from './support/testApp.ts';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
const METHODS = ['get', 'post', 'patch', 'put', 'delete', 'head', 'options'] as const;

/**
 * Every route the server registered, read from Fastify's route tree. With commonPrefix off, each line's path is its
 * parent's path followed by its own segment; the methods come in brackets.
 */
function registeredRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[└├]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, path });
  }
  return routes;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The contract's own reader and the static client are not API calls. */
const isApiRoute = (path: string) => !path.startsWith('/api/docs') && path !== '/' && path !== '*';

/**
 * The OpenAPI document is generated from the call map and must be a valid OpenAPI 3.1 document that shows every
 * route the server serves, each with its answers (errors included), a summary, an operationId and its headers. The
 * document does not depend on the database, so one database kind is enough here.
 */
describe('the OpenAPI document at /api/openapi.json', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const res = await apiClient(t.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    document = res.body as unknown as Document;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const operation = item?.[method];
        return operation === undefined ? [] : [{ path, method, operation }];
      }),
    );

  it('is a valid OpenAPI 3.1 document', async () => {
    // The validator dereferences in place: it gets a copy.
    const copy = structuredClone(document);
    await expect(SwaggerParser.validate(copy)).resolves.toMatchObject({ openapi: '3.1.0' });
    const all = operations();
    const responses = all.reduce((n, { operation }) => n + Object.keys(operation.responses ?? {}).length, 0);
    console.log(`OpenAPI: ${String(all.length)} operations, ${String(responses)} responses documented`);
  });

  it('shows every route the server registered, with its responses', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => isApiRoute(r.path));
    expect(routes.length).toBeGreaterThan(Object.keys(API_CALLS).length);
    for (const { method, path } of routes) {
      const item = document.paths?.[openApiPath(path)];
      // HEAD is part of every GET (RFC 9110 §9.3.2); it is documented of its own where a client relies on it.
      const operation: Operation | undefined =
        method === 'HEAD' ? (item?.head ?? item?.get) : item?.[method.toLowerCase() as (typeof METHODS)[number]];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toContain(
        Object.keys(operation?.responses ?? {}).find((status) => status.startsWith('2')),
      );
    }
  });

  it('documents each operation of the call map as the map says: summary, operationId, answers, headers', () => {
    for (const [name, definition] of Object.entries(API_CALLS)) {
      const call: CallDefinition = definition;
      const operation = document.paths?.[openApiPath(call.path)]?.[call.method.toLowerCase() as 'get'];
      expect(operation, name).toMatchObject({ operationId: name, summary: call.summary, tags: [call.tag] });
      const responses = operation?.responses ?? {};
      expect(Object.keys(responses).sort(), name).toEqual(Object.keys(call.answers).sort());
      for (const [status, response] of Object.entries(responses)) {
        expect('description' in response && response.description !== 'Default Response', `${name} ${status}`).toBe(
          true,
        );
        const headers = call.answers[Number(status)]?.headers ?? {};
        expect(Object.keys(('headers' in response ? response.headers : undefined) ?? {}), `${name} ${status}`).toEqual(
          Object.keys(headers),
        );
      }
      const headerParameters = (operation?.parameters ?? [])
        .filter((parameter) => 'in' in parameter && parameter.in === 'header')
        .map((parameter) => ('name' in parameter ? parameter.name : ''));
      if (call.idempotent === true) expect(headerParameters, name).toContain('idempotency-key');
    }
  });

  it('asks for a token on every call but the public ones: the logins, the probes, report links, tus OPTIONS and itself', () => {
    const publicCalls = operations()
      .filter(({ operation }) => operation.security !== undefined && operation.security.length === 0)
      .map(({ operation }) => operation.operationId)
      .sort();
    expect(publicCalls).toEqual(
      [
        'adminLogin',
        'clinicLogin',
        'clinicianLogin',
        'getReport',
        'healthz',
        'openapi',
        'patientLogin',
        'readyz',
        'uploadOptions',
      ].sort(),
    );
    expect(document.security).toEqual([{ bearer: [] }]);
    const queryTokenCalls = operations()
      .filter(({ operation }) => operation.security?.some((scheme) => 'accessToken' in scheme) === true)
      .map(({ operation }) => operation.operationId)
      .sort();
    expect(queryTokenCalls).toEqual(['downloadSessionFile', 'viewSessionFileText']);
    for (const { operation } of operations()) {
      if (operation.security === undefined) expect(Object.keys(operation.responses ?? {})).toContain('401');
    }
  });

  it('shows the headers uploads and downloads take: Upload-Offset, Range, If-None-Match', () => {
    const parameters = (path: string, method: 'get' | 'patch') =>
      (document.paths?.[path]?.[method]?.parameters ?? []).map((p) => ('name' in p ? p.name : ''));
    expect(parameters('/api/uploads/{uploadId}', 'patch')).toContain('upload-offset');
    expect(parameters('/Internal/download/sessionData/{file}', 'get')).toEqual(
      expect.arrayContaining(['range', 'if-range', 'if-none-match']),
    );
    expect(document.paths?.['/api/uploads/{uploadId}']?.head?.operationId).toBe('uploadOffset');
    expect(Object.keys(document.paths?.['/api/addSession/sendFile']?.post?.requestBody ?? {})).toContain('content');
  });
});
