/**
 * The probe's requests, built from descriptions: the valid first try (examples first, then values from
 * type, format and bounds, through `$ref`, `allOf` and `oneOf`), a reason instead of a guess, and the
 * faults, each breaking exactly one input.
 */
import { OpenApiDocument } from '../lib/document/document';
import { faultsOf, requestPath, validRequest, type ProbeRequest } from '../cli/probe/requests';
import { inPlayOrder } from '../cli/probe/reuse';
import { oas3, ref, swagger2 } from './support/documents';

function requestFor(document: object): ProbeRequest | string {
  const doc = OpenApiDocument.of(document, document);
  const built = validRequest(doc, doc.operations()[0]);
  return 'why' in built ? built.why : built.request;
}

const post = (schema: object, parameters: object[] = []) => ({
  '/things': {
    post: { parameters, requestBody: { required: true, content: { 'application/json': { schema } } }, responses: { '201': { description: 'ok' } } },
  },
});

describe('the first try', () => {
  test('examples first, then default, enum, bounds and formats; only required members; never readOnly ones', () => {
    const schema = {
      type: 'object',
      required: ['id', 'name', 'size', 'kind', 'at', 'tags', 'ratio'],
      properties: {
        id: { type: 'string', readOnly: true },
        name: { type: 'string', example: 'Ada' },
        size: { type: 'integer', minimum: 10, maximum: 20 },
        kind: { type: 'string', enum: ['a', 'b'] },
        at: { type: 'string', format: 'date-time' },
        tags: { type: 'array', minItems: 2, items: { type: 'string', default: 'x' } },
        ratio: { type: 'number', exclusiveMinimum: 0 },
        optional: { type: 'string' },
      },
    };
    const request = requestFor(oas3(post(schema), {}, '3.1.0')) as ProbeRequest;
    expect(request.body).toEqual({ name: 'Ada', size: 10, kind: 'a', at: '2026-01-15T10:00:00Z', tags: ['x', 'x'], ratio: 0.5 });
  });

  test('const, the first of 3.1 `examples`, and the media type example over the schema', () => {
    const schema = {
      type: 'object',
      required: ['version', 'colour'],
      properties: { version: { const: 2 }, colour: { type: 'string', examples: ['teal', 'navy'], enum: ['navy', 'teal'] } },
    };
    expect((requestFor(oas3(post(schema), {}, '3.1.0')) as ProbeRequest).body).toEqual({ version: 2, colour: 'teal' });
    const paths = post(schema);
    paths['/things'].post.requestBody.content['application/json'] = { schema, example: { version: 2, colour: 'navy' } } as never;
    expect((requestFor(oas3(paths, {}, '3.1.0')) as ProbeRequest).body).toEqual({ version: 2, colour: 'navy' });
  });

  test('a Swagger 2.0 body parameter, through a definition', () => {
    const swagger = swagger2(
      {
        '/things': {
          post: {
            consumes: ['application/json'],
            parameters: [{ name: 'thing', in: 'body', required: true, schema: { $ref: '#/definitions/Thing' } }],
            responses: { '201': { description: 'ok' } },
          },
        },
      },
      { definitions: { Thing: { type: 'object', required: ['size'], properties: { size: { type: 'integer', minimum: 3 } } } } },
    );
    expect((requestFor(swagger) as ProbeRequest).body).toEqual({ size: 3 });
  });

  test('through $ref, allOf and the first oneOf shape', () => {
    const components = {
      schemas: {
        Base: { type: 'object', required: ['sku'], properties: { sku: { type: 'string', minLength: 8 } } },
        Card: { type: 'object', required: ['card'], properties: { card: { type: 'string', format: 'uuid' } } },
        Bank: { type: 'object', required: ['iban'], properties: { iban: { type: 'string' } } },
      },
    };
    const schema = { allOf: [ref('Base'), { oneOf: [ref('Card'), ref('Bank')] }] };
    expect((requestFor(oas3(post(schema), components)) as ProbeRequest).body).toEqual({ sku: 'probexxx', card: '3f2b8c1e-5d4a-4b6f-9e21-7c0d5a8b9f10' });
  });

  test('parameters take their example, Swagger 2.0 its x-example', () => {
    const paths = {
      '/things/{id}': {
        get: {
          parameters: [
            { name: 'id', in: 'path', required: true, example: 't_1', schema: { type: 'string' } },
            { name: 'q', in: 'query', required: true, schema: { type: 'integer', maximum: 0 } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    };
    expect(requestPath(requestFor(oas3(paths)) as ProbeRequest)).toBe('/things/t_1?q=0');
    const swagger = swagger2({
      '/things/{id}': {
        get: { parameters: [{ name: 'id', in: 'path', required: true, type: 'string', 'x-example': 't 2' }], responses: { '200': { description: 'ok' } } },
      },
    });
    expect(requestPath(requestFor(swagger) as ProbeRequest)).toBe('/things/t%202');
  });

  test('what it cannot build without guessing is a reason', () => {
    expect(requestFor(oas3(post({ type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } } })))).toBe(
      'its request body: `code`: its pattern `^[A-Z]{3}$` has no example to send',
    );
    expect(requestFor(oas3(post(ref('Missing'))))).toBe('its request body: its schema cannot be read (a `$ref` that does not resolve?)');
    const form = {
      '/things': {
        post: {
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } },
          responses: { '201': { description: 'ok' } },
        },
      },
    };
    expect(requestFor(oas3(form))).toBe('its request body: it takes multipart/form-data bodies; the probe sends JSON only');
  });
});

describe('faults', () => {
  test('each breaks one input: required ones left out, an unknown id, values outside the constraints, then of the wrong type', () => {
    const schema = {
      type: 'object',
      required: ['qty'],
      properties: { qty: { type: 'integer', minimum: 1, example: 2 }, mode: { type: 'string', enum: ['fast', 'slow'] }, note: { type: 'string' } },
    };
    const paths = {
      '/carts/{cartId}/items': {
        post: {
          parameters: [{ name: 'cartId', in: 'path', required: true, schema: { type: 'integer' } }],
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '201': { description: 'ok' } },
        },
      },
    };
    const doc = OpenApiDocument.of(oas3(paths), oas3(paths));
    const built = validRequest(doc, doc.operations()[0]);
    if ('why' in built) throw new Error(built.why);
    expect(faultsOf(doc, built.request).map(fault => [fault.kind, fault.field.name, fault.what, requestPath(fault.request), fault.request.body])).toEqual([
      ['missing', 'qty', 'left out', '/carts/1/items', {}],
      ['unknown-id', 'cartId', 'set to 987654321 (an id that does not exist)', '/carts/987654321/items', { qty: 2 }],
      ['out-of-range', 'qty', 'set to 0 (is below the minimum 1)', '/carts/1/items', { qty: 0 }],
      ['out-of-range', 'mode', 'set to "NOT_AN_ALLOWED_VALUE" (is not one of its `enum` values)', '/carts/1/items', { qty: 2, mode: 'NOT_AN_ALLOWED_VALUE' }],
      ['wrong-type', 'qty', 'set to "not-a-number" (is a string, not integer)', '/carts/1/items', { qty: 'not-a-number' }],
      ['wrong-type', 'mode', 'set to 12345 (is an integer, not string)', '/carts/1/items', { qty: 2, mode: 12345 }],
      ['wrong-type', 'note', 'set to 12345 (is an integer, not string)', '/carts/1/items', { qty: 2, note: 12345 }],
    ]);
  });

  test("an unknown id stays within the path parameter's constraints, or is not sent", () => {
    const paths = {
      '/orders/{orderId}': {
        get: {
          parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 10 } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    };
    const doc = OpenApiDocument.of(oas3(paths), oas3(paths));
    const built = validRequest(doc, doc.operations()[0]);
    if ('why' in built) throw new Error(built.why);
    expect(faultsOf(doc, built.request).map(fault => fault.kind)).toEqual([]);
  });

  test('a string query parameter has no wrong type (it travels as text); an enumerated path segment is no id', () => {
    const paths = {
      '/reports/{kind}': {
        get: {
          parameters: [
            { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['daily'] } },
            { name: 'q', in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    };
    const doc = OpenApiDocument.of(oas3(paths), oas3(paths));
    const built = validRequest(doc, doc.operations()[0]);
    if ('why' in built) throw new Error(built.why);
    expect(faultsOf(doc, built.request)).toEqual([]);
  });
});

describe('what is given', () => {
  test('a given value is sent as it is: a path value its pattern has no example for, an optional query, the whole body', () => {
    const paths = {
      '/codes/{code}': {
        post: {
          parameters: [
            { name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Z]{3}$' } },
            { name: 'dry', in: 'query', schema: { type: 'boolean' } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    };
    const doc = OpenApiDocument.of(oas3(paths), oas3(paths));
    const [operation] = doc.operations();
    expect(validRequest(doc, operation)).toEqual({ why: 'its path parameter `code`: its pattern `^[A-Z]{3}$` has no example to send' });
    const built = validRequest(doc, operation, { path: { code: 'ABC' }, query: { dry: true }, headers: {}, body: { n: 7, note: 'mine' } });
    if ('why' in built) throw new Error(built.why);
    expect([requestPath(built.request), built.request.body]).toEqual(['/codes/ABC?dry=true', { n: 7, note: 'mine' }]);
  });
});

describe('the order of play', () => {
  test('creates first, parents before children; then reads, updates, other actions; deletions last; document order within each', () => {
    const ok = { responses: { '200': { description: 'ok' } } };
    const paths = {
      '/carts/{cartId}': { get: ok, delete: ok, patch: ok },
      '/carts/{cartId}/items': { post: ok },
      '/carts/{cartId}/items/{itemId}': { get: ok },
      '/carts/{cartId}/checkout': { post: ok },
      '/carts': { post: ok, get: ok },
      '/login': { post: { responses: { '201': { description: 'session' } } } },
    };
    const doc = OpenApiDocument.of(oas3(paths), oas3(paths));
    expect(inPlayOrder(doc, doc.operations()).map(operation => `${operation.method} ${operation.path}`)).toEqual([
      'post /carts',
      'post /login',
      'post /carts/{cartId}/items',
      'get /carts/{cartId}',
      'get /carts/{cartId}/items/{itemId}',
      'get /carts',
      'patch /carts/{cartId}',
      'post /carts/{cartId}/checkout',
      'delete /carts/{cartId}',
    ]);
  });
});
