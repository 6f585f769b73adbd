/**
 * Values an agent would use (docs/probe.md, Values it reuses): ids in request bodies taken from the records
 * creates returned, creates of referenced resources first, and new values for the members the API keys on.
 * The example apps show them end to end in test/code-first.test.ts.
 */
import { OpenApiDocument } from '../lib/document/document';
import { FreshValues } from '../cli/probe/fresh';
import { referencedResource, referencesIn, withReferences } from '../cli/probe/references';
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
