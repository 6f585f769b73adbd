#!/usr/bin/env node
/**
 * A synthetic OpenAPI 3.0 description with N operations, for the scaling check of `npm run bench`:
 * N/4 resources, each a collection (`get`, `post`) and an item (`put`, `delete`), every response
 * pointing at shared error and envelope schemas, as large real descriptions do.
 *
 *   node scripts/synthetic.mjs 1000 > /tmp/synthetic-1000.json
 */
import { pathToFileURL } from 'node:url';

const json = schema => ({ 'application/json': { schema } });
const ref = (section, name) => ({ $ref: `#/components/${section}/${name}` });

function errors() {
  return {
    400: ref('responses', 'BadRequest'),
    404: ref('responses', 'NotFound'),
    429: ref('responses', 'TooManyRequests'),
    default: ref('responses', 'ServerError'),
  };
}

function envelope(resource) {
  return { allOf: [ref('schemas', 'Envelope'), { type: 'object', properties: { data: ref('schemas', resource) } }] };
}

export function synthetic(operations) {
  const resources = Math.ceil(operations / 4);
  const paths = {};
  const schemas = {
    Problem: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: ['VALIDATION_ERROR', 'NOT_FOUND', 'RATE_LIMITED', 'INTERNAL'] },
        message: { type: 'string' },
        retryable: { type: 'boolean' },
        suggestion: { type: 'string' },
        trace_id: { type: 'string' },
        details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, reason: { type: 'string' } } } },
      },
    },
    NextStep: {
      type: 'object',
      required: ['action', 'method', 'href', 'description'],
      properties: {
        action: { type: 'string' },
        method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] },
        href: { type: 'string' },
        description: { type: 'string' },
      },
    },
    Envelope: { type: 'object', properties: { nextSteps: { type: 'array', items: ref('schemas', 'NextStep') } } },
  };
  let count = 0;
  for (let i = 0; i < resources && count < operations; i++) {
    const name = `Resource${i}`;
    schemas[name] = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, owner: ref('schemas', `Resource${Math.max(0, i - 1)}`) },
    };
    const collection = {};
    const item = { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] };
    const add = (target, method, operation) => {
      if (count < operations) ((target[method] = operation), count++);
    };
    add(collection, 'get', {
      operationId: `list${name}`,
      responses: { 200: { description: 'A page', content: json({ type: 'array', items: ref('schemas', name) }) }, ...errors() },
    });
    add(collection, 'post', {
      operationId: `create${name}`,
      'x-ax-retryable': false,
      requestBody: { content: json(ref('schemas', name)) },
      responses: { 201: { description: 'Created', content: json(envelope(name)) }, ...errors() },
    });
    add(item, 'put', {
      operationId: `replace${name}`,
      'x-ax-retryable': true,
      'x-ax-idempotent': true,
      requestBody: { content: json(ref('schemas', name)) },
      responses: { 200: { description: 'Replaced', content: json(envelope(name)) }, ...errors() },
    });
    add(item, 'delete', {
      operationId: `delete${name}`,
      'x-ax-retryable': true,
      'x-ax-idempotent': true,
      responses: { 204: { description: 'Deleted' }, ...errors() },
    });
    paths[`/v1/resources-${i}`] = collection;
    if (Object.keys(item).length > 1) paths[`/v1/resources-${i}/{id}`] = item;
  }
  const problem = description => ({ description, content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } } });
  return {
    openapi: '3.0.3',
    info: { title: `Synthetic API, ${operations} operations`, version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: {
      schemas,
      responses: {
        BadRequest: problem('The request is invalid; `details` names each field.'),
        NotFound: problem('No such resource.'),
        TooManyRequests: { ...problem('Too many requests.'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
        ServerError: problem('The server failed.'),
      },
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const operations = Number(process.argv[2] ?? 1000);
  process.stdout.write(`${JSON.stringify(synthetic(operations), null, 2)}\n`);
}
