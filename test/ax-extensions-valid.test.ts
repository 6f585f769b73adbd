import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@stoplight/yaml';
import { AX_DEFINITIONS, AX_EXTENSIONS, extensionProblem } from '../lib/findings/extensions';
import { oas3, PROBLEM, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { FUNCTIONS } from '../ruleset';
import { OK as ok } from './support/documents';
import { component } from './support/components';

const AX_SPEC = join(__dirname, 'fixtures', 'ax-spec');
/** The AX spec's extension schema, as data (source in the file's header). */
const AX_SCHEMA = parse(readFileSync(join(AX_SPEC, 'x-ax-extensions.yaml'), 'utf8')) as Record<string, { schema: unknown; valid: unknown[] }>;

describe('the AX extension table', () => {
  test("defines exactly the AX schema's definitions, with the same types and constraints", () => {
    expect(Object.fromEntries(Object.entries(AX_DEFINITIONS).map(([name, definition]) => [name, definition.schema]))).toEqual(
      Object.fromEntries(Object.entries(AX_SCHEMA).map(([name, definition]) => [name, definition.schema])),
    );
  });

  test("knows nothing else but this package's x-ax-exempt", () => {
    expect(Object.keys(AX_EXTENSIONS).filter(name => !(name in AX_SCHEMA))).toEqual(['x-ax-exempt', 'x-ax-read-only']);
  });

  test('accepts every example and default value the AX schema gives, and its own fixes', () => {
    const rejected = Object.entries(AX_SCHEMA).flatMap(([name, { valid }]) => valid.map(value => extensionProblem(name, value)).filter(Boolean));
    expect(rejected).toEqual([]);
    const fixes = Object.entries(AX_EXTENSIONS).map(([name, { fix }]) => [name, (parse(fix) as Record<string, unknown>)[name]] as const);
    expect(fixes.map(([name, value]) => extensionProblem(name, value)).filter(Boolean)).toEqual([]);
  });
});

testRule('ax-extensions-valid', [
  {
    name: 'every known extension with a value of the right type passes, anywhere in the document',
    document: {
      openapi: '3.1.0',
      info: { title: 'Payments', version: '1', 'x-ax-capabilities': ['create_payment', 'refund_payment'], 'x-ax-logging-level': 'info' },
      paths: {
        '/payments': {
          'x-ax-sandboxable': true,
          post: {
            'x-ax-retryable': false,
            'x-ax-idempotent': true,
            'x-ax-required-fields': ['amount', 'currency'],
            'x-ax-cost-estimate': { tokens: 1200, credits: 0.5, rate_limit_weight: 1 },
            'x-ax-exempt': { 'ax-envelope-next-steps': 'whatever, ax-exemption-reason checks this' },
            'x-ax-category': 'payments',
            'x-ax-deprecated-suggestion': 'Use POST /v2/payments instead.',
            responses: { '400': { description: 'x', 'x-ax-error-code': 'VALIDATION_ERROR', 'x-ax-error-suggestion': 'Set amount to a positive integer.' } },
          },
        },
      },
    },
    errors: [],
  },
  {
    name: 'each definition fires on a wrong value, on the extension',
    document: {
      openapi: '3.0.3',
      info: { title: 'Payments', version: '1', 'x-ax-capabilities': ['createPayment'], 'x-ax-logging-level': 'verbose' },
      paths: {
        '/payments': {
          'x-ax-retryable': 'yes',
          'x-ax-sandboxable': 'true',
          post: {
            'x-ax-required-fields': 'amount',
            'x-ax-cost-estimate': { tokens: 1.5 },
            'x-ax-category': ['payments'],
            'x-ax-deprecated-suggestion': true,
            responses: { '400': { description: 'x', 'x-ax-error-code': 'validation-error', 'x-ax-error-suggestion': 42 } },
          },
        },
      },
      components: { schemas: { Problem: { ...PROBLEM, 'x-ax-cost-estimate': { token: 3 } } } },
    },
    errors: [
      {
        path: ['info', 'x-ax-capabilities'],
        messageId: 'wrongValue',
        data: {
          key: 'x-ax-capabilities',
          at: '[0]',
          expected: 'a snake_case string',
          value: 'the string "createPayment"',
          fix: 'x-ax-capabilities: [create_payment, refund_payment]',
        },
      },
      {
        path: ['info', 'x-ax-logging-level'],
        messageId: 'wrongValue',
        data: {
          key: 'x-ax-logging-level',
          at: '',
          expected: 'one of `debug`, `info`, `warn`, `error`',
          value: 'the string "verbose"',
          fix: 'x-ax-logging-level: info',
        },
      },
      {
        path: ['paths', '/payments', 'x-ax-retryable'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-retryable', at: '', expected: 'a boolean', value: 'the string "yes"', fix: 'x-ax-retryable: false' },
      },
      {
        path: ['paths', '/payments', 'x-ax-sandboxable'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-sandboxable', at: '', expected: 'a boolean', value: 'the string "true"', fix: 'x-ax-sandboxable: true' },
      },
      {
        path: ['paths', '/payments', 'post', 'x-ax-required-fields'],
        messageId: 'wrongValue',
        data: {
          key: 'x-ax-required-fields',
          at: '',
          expected: 'an array of strings',
          value: 'the string "amount"',
          fix: 'x-ax-required-fields: [amount, currency]',
        },
      },
      {
        path: ['paths', '/payments', 'post', 'x-ax-cost-estimate'],
        messageId: 'wrongValue',
        data: {
          key: 'x-ax-cost-estimate',
          at: '.tokens',
          expected: 'an integer',
          value: 'the number 1.5',
          fix: 'x-ax-cost-estimate: { tokens: 1200, credits: 0.5, rate_limit_weight: 1 }',
        },
      },
      {
        path: ['paths', '/payments', 'post', 'x-ax-category'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-category', at: '', expected: 'a string', value: 'an array', fix: 'x-ax-category: payments' },
      },
      {
        path: ['paths', '/payments', 'post', 'x-ax-deprecated-suggestion'],
        messageId: 'wrongValue',
        data: {
          key: 'x-ax-deprecated-suggestion',
          at: '',
          expected: 'a string',
          value: 'the boolean true',
          fix: 'x-ax-deprecated-suggestion: Use POST /v2/payments instead.',
        },
      },
      {
        path: ['paths', '/payments', 'post', 'responses', '400', 'x-ax-error-code'],
        messageId: 'wrongValue',
        data: {
          key: 'x-ax-error-code',
          at: '',
          expected: 'a SCREAMING_SNAKE string',
          value: 'the string "validation-error"',
          fix: 'x-ax-error-code: PAYMENT_DECLINED',
        },
      },
      {
        path: ['paths', '/payments', 'post', 'responses', '400', 'x-ax-error-suggestion'],
        messageId: 'wrongValue',
        data: {
          key: 'x-ax-error-suggestion',
          at: '',
          expected: 'a string',
          value: 'the number 42',
          fix: 'x-ax-error-suggestion: Reduce amount to 10000 or less.',
        },
      },
      {
        path: component('schemas', 'Problem', 'x-ax-cost-estimate'),
        messageId: 'unknownMember',
        data: { key: 'x-ax-cost-estimate', member: 'token', meant: 'tokens', fix: 'x-ax-cost-estimate: { tokens: 1200, credits: 0.5, rate_limit_weight: 1 }' },
      },
    ],
  },
  {
    name: 'an unknown x-ax- name gets the nearest known one, or the list',
    document: oas3({
      '/payments': { post: { 'x-ax-retriable': false, 'X-AX-Idempotent': true, 'x-ax-owner': 'payments-team', 'x-internal': 1, responses: ok } },
    }),
    errors: [
      {
        path: ['paths', '/payments', 'post', 'x-ax-retriable'],
        messageId: 'misspeltExtension',
        data: { key: 'x-ax-retriable', guess: 'x-ax-retryable' },
      },
      {
        path: ['paths', '/payments', 'post', 'X-AX-Idempotent'],
        messageId: 'misspeltExtension',
        data: { key: 'X-AX-Idempotent', guess: 'x-ax-idempotent' },
      },
      {
        path: ['paths', '/payments', 'post', 'x-ax-owner'],
        messageId: 'unknownExtension',
        data: { key: 'x-ax-owner' },
      },
    ],
  },
  {
    name: "the AX spec's own example description (every extension it uses, with its values) passes",
    document: readFileSync(join(AX_SPEC, 'payments-api-ax.yaml'), 'utf8'),
    errors: [],
  },
  {
    name: 'x-ax-cost-estimate: a member the AX schema does not name is allowed (its schema allows it); a near miss of a named one is a typo',
    document: oas3({
      '/a': { post: { 'x-ax-cost-estimate': { tokens: 10, usd: 0.02 }, responses: ok } },
      '/b': { post: { 'x-ax-cost-estimate': { credit: 1 }, responses: ok } },
    }),
    errors: [
      {
        path: ['paths', '/b', 'post', 'x-ax-cost-estimate'],
        messageId: 'unknownMember',
        data: {
          key: 'x-ax-cost-estimate',
          member: 'credit',
          meant: 'credits',
          fix: 'x-ax-cost-estimate: { tokens: 1200, credits: 0.5, rate_limit_weight: 1 }',
        },
      },
    ],
  },
  {
    name: 'x-ax-retryable / x-ax-idempotent on an operation belong to their own rules: not reported twice',
    document: oas3({ '/payments': { post: { 'x-ax-retryable': 'no', 'x-ax-idempotent': 1, responses: ok } } }),
    errors: [],
  },
  {
    name: 'payloads and property names are not extensions',
    document: oas3(
      {
        '/a': {
          get: {
            responses: {
              '200': { description: 'x', content: { 'application/json': { example: { 'x-ax-foo': 1 }, examples: { a: { value: { 'x-ax-bar': 2 } } } } } },
            },
          },
        },
      },
      {
        schemas: {
          Thing: {
            type: 'object',
            properties: { 'x-ax-thing': { type: 'string', 'x-ax-error-code': 'THING_ERROR' } },
            default: { 'x-ax-baz': 3 },
            enum: [{ 'x-ax-qux': 4 }],
          },
        },
      },
    ),
    errors: [],
  },
  {
    name: 'x-ax-exempt with this rule silences everything inside that operation or path item',
    document: oas3({
      '/a': { post: { 'x-ax-exempt': { 'ax-extensions-valid': 'Vendor extension from an older draft of the spec' }, 'x-ax-retriable': false, responses: ok } },
      '/b': { 'x-ax-exempt': { 'ax-extensions-valid': 'Vendor extension from an older draft of the spec' }, 'x-ax-sandboxable': 'yes', get: { responses: ok } },
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: definitions and root-level extensions',
    document: swagger2(
      { '/a': { get: { responses: ok } } },
      { 'x-ax-logging-level': 'trace', definitions: { E: { type: 'object', 'x-ax-error-code': 'E1' } } },
    ),
    errors: [
      {
        path: ['x-ax-logging-level'],
        messageId: 'wrongValue',
        data: {
          key: 'x-ax-logging-level',
          at: '',
          expected: 'one of `debug`, `info`, `warn`, `error`',
          value: 'the string "trace"',
          fix: 'x-ax-logging-level: info',
        },
      },
    ],
  },
  {
    name: 'garbage: paths null, an extension set to null, arrays of arrays',
    document: { openapi: '3.0.3', info: { title: 'x', version: '1', 'x-ax-retryable': null }, paths: null, tags: [[['x']]] },
    errors: [
      {
        path: ['info', 'x-ax-retryable'],
        messageId: 'wrongValue',
        data: { key: 'x-ax-retryable', at: '', expected: 'a boolean', value: 'null', fix: 'x-ax-retryable: false' },
      },
    ],
  },
]);

/** The function alone, without Spectral's own parse of the 13 MB text (seconds, and not this package's cost). */
function runFunction(document: object) {
  const context = { document: { data: document }, documentInventory: { resolved: document }, rule: { name: 'ax-extensions-valid' } };
  return (FUNCTIONS.extensionsValid as unknown as (input: unknown, options: unknown, context: unknown) => { path: unknown[] }[])(document, null, context);
}

test('ax-extensions-valid reads a 13 MB document whole, and finds the one misspelt extension in it (its speed: npm run bench)', () => {
  const paths: Record<string, object> = {};
  for (let i = 0; i < 15000; i++) {
    paths[`/resources${i}/{id}`] = {
      get: {
        'x-ax-retryable': true,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'A resource',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', description: 'x'.repeat(600) } } },
              },
            },
          },
        },
      },
    };
  }
  paths['/resources0/{id}'] = { ...paths['/resources0/{id}'], 'x-ax-retriable': true };
  const document = { openapi: '3.1.0', info: { title: 'Big', version: '1' }, paths };
  expect(JSON.stringify(document).length).toBeGreaterThan(13_000_000);
  const results = runFunction(document);
  expect(results.map(result => result.path)).toEqual([['paths', '/resources0/{id}', 'x-ax-retriable']]);
});

test('ax-extensions-valid walks a 100 000-level nesting without overflowing the stack', () => {
  let deep: Record<string, unknown> = { 'x-ax-retriable': true };
  for (let i = 0; i < 100_000; i++) deep = { nested: deep };
  const results = runFunction({ openapi: '3.1.0', info: { title: 'Deep', version: '1' }, paths: {}, 'x-deep': deep });
  expect(results).toHaveLength(1);
  expect(results[0].path).toHaveLength(100_002);
});
