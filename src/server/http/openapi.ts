import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorEnvelope, type Operation } from '../../lib/api/define';

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: errorEnvelope } } });

const companyHeader = z.object({
  Company: z.guid().optional().meta({ description: "The company the call acts for; without it, the user's default company. An API key acts only for its own company." }),
});

const idempotencyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .max(255)
    .optional()
    .meta({ description: 'Repeats within 24 hours with the same key and request get the first answer; another request with the key is refused (422).' }),
});

type JsonSchema = Record<string, unknown>;

/**
 * What a call takes, as JSON Schema (OpenAPI 3.1 speaks JSON Schema 2020-12). Inputs are
 * converted here rather than by the generator, which reads only zod's classic schemas: the
 * shared form schemas are zod/mini so that the panel's bundles do not carry zod.
 */
function inputSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  return json;
}

/** Path or query parameters, one per property of the input's object schema. */
function parametersOf(schema: z.core.$ZodType, where: 'path' | 'query') {
  const json = inputSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const fields = schema instanceof z.core.$ZodObject ? schema._zod.def.shape : {};
  return Object.entries(properties).map(([name, property]) => {
    // A default around a pipe (a query value read as a number) is not carried into the input's JSON Schema.
    const field = fields[name];
    const fallback = field instanceof z.core.$ZodDefault && !('default' in property) ? { default: field._zod.def.defaultValue } : {};
    return { name, in: where, required: where === 'path' || required.has(name), schema: { ...property, ...fallback } };
  });
}

/**
 * The OpenAPI 3.1 document of the operations the API mounts, generated from their
 * definitions: what "another provider API that speaks the same calls" must speak.
 */
export function openApiDocument(operations: readonly Operation[], info: { version: string }) {
  const doc = new OpenAPIHono();
  const registry = doc.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'Token', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: '`Token <token>`: a sign-in session (POST /auth/login/) or a company API key.',
  });
  for (const op of operations) {
    const audience = op.audience ?? 'member';
    const responses: Record<string, unknown> = {};
    const status = String(op.status ?? 200);
    if (op.answer === 'file') responses[status] = { description: 'A file', content: { 'application/octet-stream': { schema: z.string() } } };
    else if (op.answer === 'events') responses[status] = { description: 'Server-Sent Events', content: { 'text/event-stream': { schema: z.string() } } };
    else responses[status] = { description: op.summary, content: { 'application/json': { schema: op.answer } } };
    if (op.params || op.query || op.body) responses['400'] = errorAnswer('The input was refused: one sentence per problem, by field.');
    if (audience !== 'public') responses['401'] = errorAnswer('No token, or the session has ended.');
    if (audience === 'member' || op.scopes?.length || op.customers === false || op.apiKeys === false)
      responses['403'] = errorAnswer('Not a member of the company, or a scope is missing.');
    // Only where a path parameter can name nothing (or another company's object).
    if (op.params && op.notFound) responses['404'] = errorAnswer(op.notFound);
    responses.default = errorAnswer('Any other failure, in the same envelope.');
    const rules = [
      op.scopes?.length ? `Scopes: ${op.scopes.join(', ')}.` : '',
      op.customers === false ? 'Closed to customer accounts.' : '',
      op.apiKeys === false ? 'Refused to API keys.' : '',
      op.idempotent ? 'Accepts an `Idempotency-Key` header.' : '',
    ].filter(Boolean);
    registry.registerPath({
      method: op.method,
      path: op.path,
      operationId: op.id,
      summary: op.summary,
      ...(rules.length ? { description: rules.join(' ') } : {}),
      tags: [op.area],
      security: audience === 'public' ? [] : [{ Token: [] }],
      parameters: [...(op.params ? parametersOf(op.params, 'path') : []), ...(op.query ? parametersOf(op.query, 'query') : [])],
      request: {
        ...(audience === 'member' ? { headers: op.idempotent ? companyHeader.extend(idempotencyHeader.shape) : companyHeader } : {}),
        ...(op.body ? { body: { required: true, content: { 'application/json': { schema: inputSchema(op.body) } } } } : {}),
      },
      responses: responses as never,
      'x-scopes': op.scopes ?? [],
      'x-audience': audience,
      'x-customers': op.customers !== false,
      'x-api-keys': op.apiKeys !== false,
    });
  }
  return doc.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Hostdeck provider API',
      version: info.version,
      description: 'Every call of the panel and the CLI. Errors always answer `{errors, code?, fields?}`; lists answer `{data, page, per_page, total}`.',
    },
    servers: [{ url: '/api' }],
  });
}
