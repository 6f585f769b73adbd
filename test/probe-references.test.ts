/**
 * Values an agent would use (docs/probe.md, Values it reuses): ids in request bodies taken from the records
 * creates returned, creates of referenced resources first, and new values for the members the API keys on.
 * The example apps show them end to end in test/code-first.test.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenApiDocument } from '../lib/document/document';
import { FreshValues } from '../cli/probe/fresh';
import { describedReferences, describedResource, referencedResource, referencesIn, withReferences } from '../cli/probe/references';
import { runMain } from './support/bin';
import { withServer, type ProbeJson } from './support/probe-api';
import { validRequest, type ProbeRequest } from '../cli/probe/requests';
import { inPlayOrder } from '../cli/probe/reuse';
import { oas3 } from './support/documents';

const created = { responses: { '201': { description: 'created' } } };
const json = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });

test('a member named for a resource by its id, at any depth; `id` and other names are not', () => {
  expect(['productId', 'product_id', 'ProductID', 'line-item-id', 'id', 'quantity', 'identity'].map(referencedResource)).toEqual([
    'product',
    'product',
    'product',
    'line-item',
    undefined,
    undefined,
    undefined,
  ]);
  const body = { customerId: 'c', lines: [{ productId: 'x', quantity: 1 }], note: { authorId: 7 } };
  expect([...referencesIn(body)]).toEqual([
    ['customerId', 'customer'],
    ['lines[].productId', 'product'],
    ['note.authorId', 'author'],
  ]);
  const ids: Record<string, string> = { product: 'p_1', author: '42' };
  expect(withReferences(body, resource => ids[resource])).toEqual({ customerId: 'c', lines: [{ productId: 'p_1', quantity: 1 }], note: { authorId: 42 } });
});

test('a create whose body names another resource plays after the create of that resource, whatever the document order', () => {
  const order = json({
    type: 'object',
    required: ['lines'],
    properties: { lines: { type: 'array', items: { type: 'object', required: ['productId'], properties: { productId: { type: 'string' } } } } },
  });
  const paths = {
    '/orders': { post: { ...created, requestBody: order } },
    '/categories': { post: created },
    '/products': { post: created },
  };
  const doc = OpenApiDocument.of(oas3(paths), oas3(paths));
  expect(inPlayOrder(doc, doc.operations()).map(operation => `${operation.method} ${operation.path}`)).toEqual([
    'post /categories',
    'post /products',
    'post /orders',
  ]);
});

describe('a member described as the id of a resource', () => {
  test('the description names the resource from its start; a lookalike names none', () => {
    expect(
      [
        'The id of the product to order.',
        'Identifier of the customer',
        "The warehouse's ID.",
        'ID of an existing supplier',
        'An external id from your system.',
        'The order id, as your system knows it.',
        'Any identifier of the request; echoed back.',
      ].map(describedResource),
    ).toEqual(['product', 'customer', 'warehouse', 'supplier', undefined, undefined, undefined]);
  });

  const order = json({
    type: 'object',
    required: ['item', 'buyer', 'reference', 'lines'],
    properties: {
      item: { type: 'string', description: 'The id of the product to order.', example: 'prd_example' },
      buyer: { $ref: '#/components/schemas/CustomerRef' },
      reference: { type: 'string', description: 'An external id from your system.', example: 'ext-1' },
      lines: {
        type: 'array',
        items: { type: 'object', required: ['what'], properties: { what: { type: 'integer', description: 'Identifier of the product.', example: 1 } } },
      },
    },
  });
  const paths = { '/orders': { post: { ...created, requestBody: order } }, '/products': { post: created } };
  const document = { ...oas3(paths), components: { schemas: { CustomerRef: { type: 'string', description: 'Identifier of the customer', example: 'c' } } } };
  const doc = OpenApiDocument.of(document, document);
  const [orders] = doc.operations();

  test('its body path is found at any depth, through $ref and array items; it takes the id a create returned, the lookalike keeps its value', () => {
    const described = describedReferences(doc, orders);
    expect([...described]).toEqual([
      ['item', 'product'],
      ['buyer', 'customer'],
      ['lines[].what', 'product'],
    ]);
    const body = (validRequest(doc, orders) as { request: ProbeRequest }).request.body;
    expect(body).toEqual({ item: 'prd_example', buyer: 'c', reference: 'ext-1', lines: [{ what: 1 }] });
    const ids: Record<string, string> = { product: '42' };
    expect(withReferences(body, resource => ids[resource], described)).toEqual({ item: '42', buyer: 'c', reference: 'ext-1', lines: [{ what: 42 }] });
    expect([...referencesIn(body, described).keys()]).toEqual(['item', 'buyer', 'lines[].what']);
  });

  test('the create of the resource it names plays first', () => {
    expect(inPlayOrder(doc, doc.operations()).map(operation => `${operation.method} ${operation.path}`)).toEqual(['post /products', 'post /orders']);
  });

  test('against a live API, the order names the product just created, and the external id goes as its example', async () => {
    const bodies: unknown[] = [];
    const products = new Set<string>();
    const file = join(mkdtempSync(join(tmpdir(), 'probe-described-')), 'shop.json');
    // The item route is where the probe learns a product's id from the create's answer, as for a path.
    const made = { '201': { description: 'created', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } } };
    const product = { get: { parameters: [{ name: 'productId', in: 'path', required: true, schema: { type: 'string' } }], responses: made } };
    writeFileSync(file, JSON.stringify({ ...document, paths: { ...paths, '/products': { post: { responses: made } }, '/products/{productId}': product } }));
    const run = await withServer(
      (request, response, text) => {
        const send = (status: number, value: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        if (request.method === 'GET') return send(201, { id: request.url!.split('/').at(-1)! });
        if (request.url === '/products') {
          const id = `prd_${products.size + 1}`;
          products.add(id);
          return send(201, { id });
        }
        const body = JSON.parse(text) as { item: string };
        bodies.push(body);
        return products.has(body.item) ? send(201, { id: 'ord_1' }) : send(404, { code: 'PRODUCT_NOT_FOUND', message: 'no such product' });
      },
      url => runMain(['probe', file, '--base-url', url, '--format', 'json', '--max-requests', '3']),
    );
    expect(bodies).toEqual([{ item: 'prd_1', buyer: 'c', reference: 'ext-1', lines: [{ what: 'prd_1' }] }]);
    expect((JSON.parse(run.stdout) as ProbeJson).operations.map(result => [result.operation, result.firstTry])).toEqual([
      ['POST /products', 201],
      ['POST /orders', 201],
      ['GET /products/{productId}', 201],
    ]);
  });
});

describe('fresh values for the members the API keys on', () => {
  const product = json({
    type: 'object',
    required: ['sku', 'email', 'code', 'name'],
    properties: {
      sku: { type: 'string', pattern: '^[A-Z][A-Z0-9-]{2,11}$', example: 'WIDGET-1' },
      email: { type: 'string', format: 'email', example: 'ada@example.com' },
      code: { type: 'string', maxLength: 6, description: 'Unique among products.', example: 'ABCDEF' },
      name: { type: 'string', example: 'Widget' },
    },
  });
  const paths = { '/products': { post: { ...created, requestBody: product } } };
  const doc = OpenApiDocument.of(oas3(paths), oas3(paths));
  const first = (validRequest(doc, doc.operations()[0]) as { request: ProbeRequest }).request;

  test('nothing changes before a create used the values; after it, each key member gets a new value that fits its schema', () => {
    const fresh = new FreshValues(doc);
    expect(fresh.freshened(first)).toBe(first);
    fresh.learnCreated(first);
    const again = fresh.freshened(first).body as Record<string, string>;
    expect(again.name).toBe('Widget');
    // `WIDGET-1-` and four digits would pass 12 characters: the digits go on without the hyphen, within the pattern.
    expect(again.sku).toMatch(/^WIDGET-1\d{4}$/);
    expect(again.email).toMatch(/^ada\+\d{4}@example\.com$/);
    // Six characters at most: the end of the value gives way to the digits.
    expect(again.code).toMatch(/^A-\d{4}$/);
    expect(fresh.freshened({ ...first, body: again }).body).toEqual(again);
  });

  test('a member a 409 named is keyed on too', () => {
    const fresh = new FreshValues(doc);
    fresh.learnConflict(first.operation, ['name']);
    fresh.learnCreated(first);
    expect((fresh.freshened(first).body as Record<string, string>).name).toMatch(/^Widget-\d{4}$/);
  });
});
