import type { FastifyInstance } from 'fastify';

/**
 * Reads the app's own OpenAPI document and walks its operations: the bad-input test and the contract test
 * cover every endpoint the document lists, so an endpoint added later is covered without editing them.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  examples?: unknown[];
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  'x-reference'?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path as the document writes it: `/api/regions/{id}/`. */
  path: string;
  operationId: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  isPublic: boolean;
}

interface Document {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export async function readDocument(app: FastifyInstance): Promise<Document> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  return res.json() as Document;
}

export function operationsOf(doc: Document): Operation[] {
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(doc.components?.schemas?.[name] ?? {});
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const requestBody = op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined;
      const body = requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: op.operationId as string,
        parameters: ((op.parameters as Parameter[] | undefined) ?? []).map((p) => ({
          ...p,
          schema: resolve(p.schema),
        })),
        body: body ? resolve(body) : null,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return operations;
}

/** The schema's branches: `anyOf`/`oneOf` alternatives, or the schema itself. */
export const branchesOf = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [schema];

const typeOf = (schema: JsonSchema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.enum) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  if (schema.properties) return 'object';
  return undefined;
};

export interface ValueContext {
  /** A unique suffix, so names and codes made by one run never collide with another's. */
  unique: () => string;
  /** An existing id of the resource `x-reference` names. */
  reference: (key: string) => number;
}

let days = 0;

/** A value the schema accepts, and that the server's rules accept too for what the schema can say. */
export function validValue(schema: JsonSchema, name: string, context: ValueContext): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) {
    const branch = branchesOf(schema).find((b) => b.type !== 'null') ?? branchesOf(schema)[0]!;
    return validValue({ ...branch, examples: schema.examples ?? branch.examples }, name, context);
  }
  if (schema['x-reference']) return context.reference(schema['x-reference']);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, name, context));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        value[key] = validValue(property, key, context);
      }
      return value;
    }
    default: {
      // A different day each time: some days are unique per record (a tariff's effective date per group).
      if (schema.format === 'date') return new Date(Date.UTC(2024, 0, 1 + (days += 1))).toISOString().slice(0, 10);
      if (schema.pattern === '^[1-9][0-9]{0,9}$') return '1';
      const text = `Yoxlama ${context.unique()}`;
      return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
  }
}

/** The URL of an operation with its path parameters filled in. */
export function urlOf(operation: Operation, pathValues: Record<string, string>, query = ''): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValues[name] ?? '1');
  return query ? `${path}?${query}` : path;
}
