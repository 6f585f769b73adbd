/**
 * Robustness: the whole package (`all`), through real Spectral, on thousands of broken variants of the
 * examples and of a few small hand-made documents. Whatever the document, no function may throw or fail
 * internally, and no result may point at a path that does not exist (how long lints take, `npm run bench` measures).
 * The seed is fixed (override with ROBUSTNESS_SEED; ROBUSTNESS_SCALE multiplies the number of variants) so that a failure reproduces; each shrunk failure
 * found so far is kept below as a regression case.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { mutate, mutationArb, nest, SCALAR_SCHEMAS } from './support/mutations';
import { COULD_NOT_FINISH, lintDirectly, misplaced, ObservedLinter, OUR_CODES, parse, REVOKED_PROXIES_JSON } from './support/observe';

const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20261122);
/** Variants per base document: a few through Spectral (~20 ms each), many through the rule functions directly (~3 ms). */
const SCALE = Number(process.env.ROBUSTNESS_SCALE ?? 1);
const SPECTRAL_RUNS = Math.round(40 * SCALE);
const DIRECT_RUNS = Math.round(300 * SCALE);
const SPECTRAL_CODES = new Set(['invalid-ref', 'parser', 'unrecognized-format']);

type Json = unknown;
const info = { title: 'Robustness', version: '1.0.0' };

const example = (name: string): Json => Parsers.Yaml.parse(readFileSync(join(__dirname, '..', 'examples', name), 'utf8')).data;

const PROBLEM = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, retryable: { type: 'boolean' } },
};

/** Small documents that reach the corners the examples do not: Swagger 2.0, path-item $refs, cycles, wrappers. */
const HAND_MADE: Record<string, Json> = {
  swagger2: {
    swagger: '2.0',
    info,
    produces: ['application/json'],
    paths: {
      '/orders': {
        post: {
          'x-ax-retryable': false,
          parameters: [{ name: 'Idempotency-Key', in: 'header', type: 'string' }],
          responses: {
            '201': { description: 'Created', schema: { $ref: '#/definitions/Order' }, examples: { 'application/json': { id: '1', nextSteps: [] } } },
            '400': { $ref: '#/responses/Invalid' },
            '429': { description: 'Slow down', headers: { 'Retry-After': { type: 'integer' } }, schema: { $ref: '#/definitions/Problem' } },
            default: { description: 'Error', schema: { $ref: '#/definitions/Problem' } },
          },
        },
      },
      '/orders/{id}': {
        'x-ax-exempt': { 'ax-recoverable-idempotent': 'Deletion is not offered to agents at all' },
        delete: { produces: ['text/html'], responses: { '204': { description: 'Gone' }, '404': { description: 'Not found' } } },
      },
    },
    definitions: {
      Order: { allOf: [{ $ref: '#/definitions/Base' }, { properties: { nextSteps: { type: 'array', items: { type: 'object' } } } }] },
      Base: { type: 'object', properties: { id: { type: 'string' }, parent: { $ref: '#/definitions/Order' } } },
      Problem: PROBLEM,
    },
    responses: { Invalid: { description: 'Invalid', schema: { type: 'object', properties: { error: { $ref: '#/definitions/Problem' } } } } },
  },
  oas31: {
    openapi: '3.1.0',
    info,
    servers: [{ url: 'https://api.example.com/v2' }],
    paths: {
      '/items': { $ref: '#/components/pathItems/Items' },
      '/items/{id}': {
        put: {
          'x-ax-idempotent': true,
          'x-agent-error-codes': ['ITEM_LOCKED'],
          responses: {
            '200': {
              description: 'Updated',
              content: {
                'application/json': {
                  schema: { oneOf: [{ $ref: '#/components/schemas/Item' }, { type: 'object', properties: { nextSteps: { type: 'array' } } }] },
                  examples: { ok: { value: { nextSteps: [{ action: 'get', method: 'GET', href: '/v2/items/{id}', description: 'Read it' }] } } },
                },
              },
            },
            '409': { $ref: '#/components/responses/Conflict' },
            '5XX': { description: 'Oops', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
          },
        },
      },
    },
    webhooks: { itemChanged: { post: { responses: { '200': { description: 'ok' } } } } },
    components: {
      pathItems: { Items: { post: { responses: { '201': { $ref: '#/components/responses/Created' } } } } },
      responses: {
        Created: { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
        Conflict: {
          description: 'The item is in a state that does not allow this transition',
          content: {
            'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: { currentState: { type: 'string' } } }] } },
          },
        },
      },
      schemas: {
        Item: { type: 'object', properties: { id: { type: 'string' }, nextSteps: { $ref: '#/components/schemas/Steps' } } },
        Steps: { type: 'array', items: { type: 'object', required: ['action', 'method', 'href', 'description'] } },
        Problem: PROBLEM,
      },
    },
  },
  cycles: {
    openapi: '3.0.3',
    info,
    paths: {
      '/a': {
        post: {
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } },
            '422': { description: 'bad', content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        A: { allOf: [{ $ref: '#/components/schemas/B' }, { properties: { self: { $ref: '#/components/schemas/A' } } }] },
        B: {
          oneOf: [{ $ref: '#/components/schemas/A' }, { type: 'object', properties: { errors: { type: 'array', items: { $ref: '#/components/schemas/B' } } } }],
        },
      },
    },
  },
  minimal: { openapi: '3.0.0', info, paths: {} },
};

/** A document whose one error response has the given schema. */
function errorDocument(schema: Json): Json {
  return { openapi: '3.0.3', info, paths: { '/a': { post: { responses: { 400: { description: 'x', content: { 'application/json': { schema } } } } } } } };
}

function refChainDocument(length: number): Json {
  const schemas = Object.fromEntries(
    Array.from({ length }, (_, i) => [
      `C${i}`,
      { allOf: [{ $ref: `#/components/schemas/C${(i + 1) % length}` }, { properties: { [`c${i}`]: { type: 'string' } } }] },
    ]),
  );
  return { ...(errorDocument({ $ref: '#/components/schemas/C0' }) as object), components: { schemas } };
}

const BASES: Record<string, Json> = { 'agent-ready.yaml': example('agent-ready.yaml'), 'naive.yaml': example('naive.yaml'), ...HAND_MADE };

// ---- the checks -----------------------------------------------------------------------------------

const linter = new ObservedLinter();
/** The parse-and-resolve floor: Spectral with one rule that finds nothing, to tell Spectral's own failures from ours. */
const floor = new Spectral();
floor.setRuleset({ rules: { floor: { given: '$', severity: 'error', then: { function: () => [] } } } } as RulesetDefinition);
const stats = { linted: 0, spectralAborts: 0, direct: 0 };

/** True when Spectral itself, without this package, fails on the text. */
async function floorAborts(text: string, source: string): Promise<boolean> {
  try {
    await floor.run(parse(text, source));
    return false;
  } catch {
    return true;
  }
}

/** Lints a document given as data (as JSON or, with `yaml`, through the YAML parser) and returns what went wrong. */
async function problems(data: Json, yaml = false): Promise<string[]> {
  const text = JSON.stringify(data, null, 1) ?? 'null';
  const source = yaml ? '/robustness/openapi.yaml' : '/robustness/openapi.json';
  const document = parse(text, source);
  stats.linted++;
  let results;
  try {
    results = await linter.lint(document);
  } catch (error) {
    // Spectral itself fails on a few inputs (a key named `hasOwnProperty`, ~2,000 levels of nesting): not ours.
    if (await floorAborts(text, source)) return (stats.spectralAborts++, []);
    return [`the run aborted: ${error instanceof Error ? error.message : String(error)}`];
  }
  return [
    ...results.filter(result => result.message.startsWith(COULD_NOT_FINISH)).map(result => `${result.code}: ${result.message}`),
    ...results
      .filter(result => !OUR_CODES.has(String(result.code)) && !SPECTRAL_CODES.has(String(result.code)))
      .map(result => `unexpected code ${String(result.code)}: ${result.message}`),
    ...misplaced(linter.raw, document.data),
  ];
}

/** The same checks without Spectral: every rule function called directly on the data, as Spectral would. */
function directProblems(data: Json): string[] {
  stats.direct++;
  let raw;
  try {
    raw = lintDirectly(data);
  } catch (error) {
    return [`a rule function threw: ${error instanceof Error ? error.stack : String(error)}`];
  }
  return [...raw.filter(result => result.message.startsWith(COULD_NOT_FINISH)).map(result => `${result.ruleId}: ${result.message}`), ...misplaced(raw, data)];
}

afterAll(() => {
  const { linted, spectralAborts, direct } = stats;
  process.stdout.write(
    `robustness (seed ${SEED}): ${linted} documents linted through Spectral (${spectralAborts} aborted by Spectral itself, also without this package), ${direct} through the rule functions directly\n`,
  );
});

const variantsArb = fc.array(mutationArb, { minLength: 1, maxLength: 4 });

describe(`robustness (seed ${SEED})`, () => {
  test.each(Object.keys(BASES))(
    '%s and its mutations, through Spectral',
    async name => {
      expect(await problems(BASES[name])).toEqual([]);
      await fc.assert(
        fc.asyncProperty(variantsArb, fc.boolean(), async (mutations, yaml) => {
          expect(await problems(mutate(BASES[name], mutations), yaml)).toEqual([]);
        }),
        { seed: SEED, numRuns: SPECTRAL_RUNS },
      );
    },
    120000,
  );

  test.each(Object.keys(BASES))(
    '%s and its mutations, rule functions directly',
    name => {
      fc.assert(
        fc.property(variantsArb, mutations => {
          expect(directProblems(mutate(BASES[name], mutations))).toEqual([]);
        }),
        { seed: SEED + 1, numRuns: DIRECT_RUNS },
      );
    },
    120000,
  );

  test.each([
    ['null document', null],
    ['a string', 'openapi: 3.0.0'],
    ['an array', [{ openapi: '3.0.0' }]],
    ['paths is null', { openapi: '3.0.0', info, paths: null }],
    ['paths is an array', { openapi: '3.0.0', info, paths: [{ post: { responses: { 400: {} } } }] }],
    ['responses is an array', { openapi: '3.0.0', info, paths: { '/a': { post: { responses: [{ description: 'x' }] } } } }],
    ['responses is a string', { swagger: '2.0', info, paths: { '/a': { post: { responses: '400' } } } }],
    ['a path item is a self-$ref', { openapi: '3.1.0', info, paths: { '/a': { $ref: '#/paths/~1a' } } }],
    ['two path items refer to each other', { openapi: '3.1.0', info, paths: { '/a': { $ref: '#/paths/~1b' }, '/b': { $ref: '#/paths/~1a' } } }],
    ['a response refers to itself', { openapi: '3.0.0', info, paths: { '/a': { post: { responses: { 400: { $ref: '#/paths/~1a/post/responses/400' } } } } } }],
    [
      'a schema is true, false, a string or null',
      {
        openapi: '3.1.0',
        info,
        paths: {
          '/a': {
            post: {
              responses: Object.fromEntries(
                SCALAR_SCHEMAS.map((schema, i) => [`${400 + i}`, { description: 'x', content: { 'application/json': { schema } } }]),
              ),
            },
          },
        },
      },
    ],
    ['content is an array', { openapi: '3.0.0', info, paths: { '/a': { post: { responses: { 201: { description: 'x', content: [{ schema: {} }] } } } } } }],
    [
      'produces is a string (Swagger 2.0)',
      { swagger: '2.0', info, produces: 'application/json', paths: { '/a': { post: { responses: { 400: { description: 'x', schema: 'Problem' } } } } } },
    ],
    [
      'properties is an array and required is a string',
      {
        openapi: '3.0.0',
        info,
        paths: {
          '/a': {
            post: {
              responses: {
                400: { description: 'x', content: { 'application/json': { schema: { type: 'object', properties: [{ code: {} }], required: 'code' } } } },
              },
            },
          },
        },
      },
    ],
    [
      'allOf, oneOf and anyOf are objects',
      {
        openapi: '3.0.0',
        info,
        paths: {
          '/a': {
            post: { responses: { 422: { description: 'x', content: { 'application/json': { schema: { allOf: { a: 1 }, oneOf: 'x', anyOf: null } } } } } },
          },
        },
      },
    ],
    ['300 levels of nested allOf, items, oneOf and error wrappers', errorDocument(nest(PROBLEM, 300))],
    ['an allOf of 1,000 branches', errorDocument({ allOf: Array.from({ length: 1000 }, (_, i) => ({ properties: { [`p${i}`]: { type: 'string' } } })) })],
    ['a 500-long chain of named allOf schemas that closes on itself', refChainDocument(500)],
    // Shrunk failures found by the properties above, kept as regression cases. Spectral itself aborts on the
    // first two (also without this package), which the check tells apart and counts.
    [
      'a path named `hasOwnProperty` (Spectral: "target.hasOwnProperty is not a function")',
      { openapi: '3.0.3', info, paths: { hasOwnProperty: { post: { responses: { 422: { description: 'x' } } } } } },
    ],
    ['a document that is only a 100-deep allOf chain (Spectral: immer "ownKeys" proxy error)', nest({ properties: { p: { type: 'string' } } }, 100)],
    [
      'oneOf of oneOf, 40 by 40 alternatives',
      errorDocument({ oneOf: Array.from({ length: 40 }, () => ({ oneOf: Array.from({ length: 40 }, () => PROBLEM) })) }),
    ],
  ])('%s', async (_name, data) => {
    expect(directProblems(data)).toEqual([]);
    expect(await problems(data)).toEqual([]);
    expect(await problems(data, true)).toEqual([]);
  });

  test('a `__proto__` key: Spectral corrupts the document it hands over, and the package still does not abort', async () => {
    const results = await linter.lint(parse(REVOKED_PROXIES_JSON, '/robustness/proto.json'));
    expect(results.filter(result => !OUR_CODES.has(String(result.code)) && !SPECTRAL_CODES.has(String(result.code)))).toEqual([]);
  });
});
