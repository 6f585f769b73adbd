/**
 * lib/document/values.ts reads the keys of Spectral's parsed objects from the order they keep, not through
 * `Object.keys` (a Proxy trip per key), and walks a Spectral parse without a set of the nodes it saw;
 * lib/errors/error-bodies.ts judges each view of a shared error schema once per rule run. All are shortcuts
 * for speed: they must give exactly what the long way gives.
 */
import { Document } from '@stoplight/spectral-core';
import { Json, Yaml } from '@stoplight/spectral-parsers';
import { cachedByText, isObject, keyReader, OpenApiDocument } from '../lib/document/document';
import { walk } from '../lib/document/values';
import { errorSchemasOf, judgeOnce } from '../lib/errors/error-bodies';

const DESCRIPTION = {
  openapi: '3.1.0',
  paths: {
    '/a': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' }, '200': { description: 'ok' } } } },
    '/b': { post: { responses: { '404': { $ref: '#/components/responses/NotFound' }, '400': { description: 'no' } } } },
  },
  components: {
    responses: { NotFound: { description: 'gone', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
    schemas: { Error: { type: 'object', properties: { message: { type: 'string' }, '10': { type: 'integer' } }, required: ['message'] } },
  },
};
const YAML = `openapi: 3.0.3
paths:
  /a:
    get:
      responses:
        "200": { description: ok }
        "404": &gone { description: gone }
  /b:
    get:
      responses:
        "404": *gone
`;

/** Every object of a value with its keys as `Object.keys` gives them, in document order. */
function keysByObject(root: unknown, keysOf: (value: Record<string, unknown>) => readonly (string | symbol)[]): string[][] {
  const found: string[][] = [];
  walk(root, value => void (isObject(value) && found.push(keysOf(value).filter((key): key is string => typeof key === 'string'))));
  return found;
}

describe('keyReader', () => {
  test.each([
    ['JSON', new Document(JSON.stringify(DESCRIPTION), Json, '/tmp/keys.json').data],
    ['YAML with an alias', new Document(YAML, Yaml, '/tmp/keys.yaml').data],
  ])('reads the keys of Spectral-parsed %s from their kept order, as Object.keys gives them', (_kind, root) => {
    const keysOf = keyReader(root);
    expect(keysOf).not.toBe(Object.keys);
    expect(keysByObject(root, keysOf)).toEqual(keysByObject(root, Object.keys));
    expect(keysByObject(root, keysOf).length).toBeGreaterThan(5);
  });

  test('reads a plain object with Object.keys', () => {
    expect(keyReader(structuredClone(DESCRIPTION))).toBe(Object.keys);
  });
});

describe('a walk of a tree', () => {
  test("Spectral's YAML parser copies what an alias names, so its parse is a tree", () => {
    const root = new Document(YAML, Yaml, '/tmp/keys.yaml').data as typeof DESCRIPTION;
    const gone = (path: '/a' | '/b') => (root.paths[path] as { get: { responses: Record<string, unknown> } }).get.responses['404'];
    expect(gone('/b')).toEqual(gone('/a'));
    expect(gone('/b')).not.toBe(gone('/a'));
    expect(OpenApiDocument.of(root, undefined, YAML).isTree).toBe(true);
  });

  test('a description given as an object may share nodes: each is walked once, and a cycle ends', () => {
    const shared: Record<string, unknown> = { description: 'gone' };
    shared.self = shared;
    const root = { a: shared, b: shared };
    expect(OpenApiDocument.of(root, root).isTree).toBe(false);
    let visits = 0;
    walk(root, () => void visits++);
    // The root, the shared object and its description, once each: `self` and `b` lead back to a node seen.
    expect(visits).toBe(3);
  });

  test('a walk told the value is a tree visits the same nodes in the same order', () => {
    const root = new Document(JSON.stringify(DESCRIPTION), Json, '/tmp/keys.json').data;
    const order = (tree: boolean) => {
      const seen: unknown[] = [];
      walk(root, value => void seen.push(value), false, tree);
      return seen;
    };
    expect(order(true)).toEqual(order(false));
    expect(order(true).length).toBeGreaterThan(20);
  });
});

describe('cachedByText', () => {
  test('answers a short text once, and keeps no long one (a member name a live body sends may be megabytes)', () => {
    const compute = jest.fn((text: string) => text.length);
    const cached = cachedByText(compute);
    const long = 'x'.repeat(1_000_000);
    expect([cached('404'), cached('404'), cached(long), cached(long)]).toEqual([3, 3, 1_000_000, 1_000_000]);
    expect(compute.mock.calls.map(([text]) => text.length)).toEqual([3, 1_000_000, 1_000_000]);
  });
});

describe('judgeOnce', () => {
  const doc = OpenApiDocument.of(structuredClone(DESCRIPTION), undefined);
  const [a, b] = doc.operations().map(
    operation =>
      errorSchemasOf(
        doc,
        operation,
        doc.responses(operation).find(response => response.status === '404')!,
      ).schemas[0],
  );

  test('judges a shared schema once for all its uses', () => {
    const once = judgeOnce();
    const judge = jest.fn(() => ({ what: 'has no code', fix: 'Add one.' }));
    expect(once(a, a.views[0], [], judge)).toBe(once(b, b.views[0], [], judge));
    expect(judge).toHaveBeenCalledTimes(1);
  });

  test('judges again when the use reads differently, and in another rule run', () => {
    const once = judgeOnce();
    const judge = jest.fn(() => undefined);
    once(a, a.views[0], ['404'], judge);
    once(b, b.views[0], ['422'], judge);
    judgeOnce()(a, a.views[0], ['404'], judge);
    expect(judge).toHaveBeenCalledTimes(3);
  });
});
