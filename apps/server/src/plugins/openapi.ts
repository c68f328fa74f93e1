import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { detailErrorSchema } from '@dnx/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../lib/api-errors';
import { productVersion } from '../paths';

/** A readable, stable operation name: `listDrivers`, `createAccount`. */
const operationIdPattern = /^[a-z][A-Za-z0-9]+$/;

type RouteSchema = NonNullable<RouteOptions['schema']> & {
  operationId?: string;
  security?: unknown;
  hide?: boolean;
  response?: Record<string | number, unknown>;
};

/**
 * What every operation of the document says the same way, filled in here once: its security (none for the
 * public ones, the bearer token for the rest), and the error answers any route can give (400 for input it
 * refuses, 404 for a path id that names nothing, 503 while the database does not answer). A route without an
 * `operationId` stops the server at start, as one without its access does.
 */
export function completeOperation(route: RouteOptions): void {
  const url = route.url;
  if (!(url === '/api' || url.startsWith('/api/'))) return;
  const schema = (route.schema ?? {}) as RouteSchema;
  if (schema.hide) return;
  const access = (route.config as { access?: unknown } | undefined)?.access;
  // A route without its access is refused by the access plugin, with its own message.
  if (access === undefined) return;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  if (!schema.operationId || !operationIdPattern.test(schema.operationId)) {
    throw new Error(`${methods.join(',')} ${url} declares no readable schema.operationId (such as listDrivers)`);
  }
  const isPublic = access === 'public';
  const response = { ...schema.response };
  const takesInput = Boolean(schema.body || schema.querystring || schema.params);
  if (takesInput) response[400] ??= badRequestSchema;
  if (schema.params) response[404] ??= detailErrorSchema;
  if (!isPublic) {
    response[401] ??= detailErrorSchema;
    response[403] ??= detailErrorSchema;
  }
  response[503] ??= detailErrorSchema;
  route.schema = { ...schema, security: isPublic ? [] : [{ bearer: [] }], response };
}

type SchemaObject = { type?: string | string[]; $ref?: string; properties?: Record<string, SchemaObject> };
type MediaObject = { schema?: SchemaObject; encoding?: Record<string, { contentType: string }> };
type OpenapiDocument = {
  paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, MediaObject> } }>>;
  components?: { schemas?: Record<string, SchemaObject> };
};

/**
 * A multipart field that holds a list or an object is JSON: its `encoding` says `application/json`, so a client
 * generated from the document sends that part as JSON (the server parses such a part; see online `vehicles`).
 */
export function encodeJsonParts<T extends object>(document: T): T {
  const doc = document as OpenapiDocument;
  const resolve = (schema: SchemaObject | undefined): SchemaObject | undefined =>
    schema?.$ref ? resolve(doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]) : schema;
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const media = operation.requestBody?.content?.['multipart/form-data'];
      const properties = resolve(media?.schema)?.properties;
      if (!media || !properties) continue;
      for (const [name, property] of Object.entries(properties)) {
        const type = resolve(property)?.type;
        const types = Array.isArray(type) ? type : [type];
        if (!types.includes('array') && !types.includes('object')) continue;
        media.encoding = { ...media.encoding, [name]: { contentType: 'application/json' } };
      }
    }
  }
  return document;
}

/** The OpenAPI 3.1 document at /api/openapi.json, built from the routes' zod schemas, and a page at /api/docs/. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', completeOperation);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'DNX back office API',
        description:
          'Back office of the state transport authority. Django REST Framework conventions: trailing slashes, ' +
          '`{count, next, previous, results}` pages, `{"detail": ...}` and `{"field": ["message"]}` errors. ' +
          'Ids are positive int4 integers: JSON numbers in bodies, canonical decimals in paths and queries.',
        version: productVersion,
        license: { name: 'Proprietary: the state transport authority', identifier: 'LicenseRef-Proprietary' },
      },
      // The API is served by the same origin as the app, under /api.
      servers: [{ url: '/', description: 'the server that serves this document' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => encodeJsonParts(jsonSchemaTransformObject(input)),
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { url: '/api/openapi.json', docExpansion: 'list', deepLinking: true },
  });
});
