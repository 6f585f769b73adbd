import { performance } from 'node:perf_hooks';
import { AX_EXTENSIONS } from '../lib/extensions';
import { oas3, PROBLEM, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import extensionsValid from '../functions/extensionsValid';

const ok = { '200': { description: 'OK' } };

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
            responses: { '400': { description: 'x', 'x-ax-error-code': 'validation-error', 'x-ax-error-suggestion': ' ' } },
          },
        },
      },
      components: { schemas: { Problem: { ...PROBLEM, 'x-ax-cost-estimate': { token: 3 } } } },
    },
    errors: [
      { path: ['info', 'x-ax-capabilities'], message: '`x-ax-capabilities` must be an array of snake_case strings, but its item the string "createPayment" is not snake_case. Write it as `x-ax-capabilities: [create_payment, refund_payment]`.' },
      { path: ['info', 'x-ax-logging-level'], message: '`x-ax-logging-level` must be one of `debug`, `info`, `warn`, `error`, but it is the string "verbose". Write it as `x-ax-logging-level: info`.' },
      { path: ['paths', '/payments', 'x-ax-retryable'], message: '`x-ax-retryable` must be a boolean, but it is the string "yes". Write it as `x-ax-retryable: false`.' },
      { path: ['paths', '/payments', 'x-ax-sandboxable'], message: '`x-ax-sandboxable` must be a boolean, but it is the string "true". Write it as `x-ax-sandboxable: true`.' },
      { path: ['paths', '/payments', 'post', 'x-ax-required-fields'], message: '`x-ax-required-fields` must be an array of strings, but it is the string "amount". Write it as `x-ax-required-fields: [amount, currency]`.' },
      {
        path: ['paths', '/payments', 'post', 'x-ax-cost-estimate'],
        message: '`x-ax-cost-estimate` must be an object of `tokens` (integer), `credits` (number) and `rate_limit_weight` (integer), but its `tokens` is the number 1.5, not a non-negative integer. Write it as `x-ax-cost-estimate: { tokens: 1200, credits: 0.5, rate_limit_weight: 1 }`.',
      },
      { path: ['paths', '/payments', 'post', 'responses', '400', 'x-ax-error-code'], message: '`x-ax-error-code` must be a SCREAMING_SNAKE string, but it is the string "validation-error". Write it as `x-ax-error-code: PAYMENT_DECLINED`.' },
      { path: ['paths', '/payments', 'post', 'responses', '400', 'x-ax-error-suggestion'], message: '`x-ax-error-suggestion` must be a non-empty string, but it is the string " ". Write it as `x-ax-error-suggestion: Reduce amount to 10000 or less.`.' },
      {
        path: ['components', 'schemas', 'Problem', 'x-ax-cost-estimate'],
        message: '`x-ax-cost-estimate` must be an object of `tokens` (integer), `credits` (number) and `rate_limit_weight` (integer), but it has an unknown member `token` (did you mean `tokens`?). Write it as `x-ax-cost-estimate: { tokens: 1200, credits: 0.5, rate_limit_weight: 1 }`.',
      },
    ],
  },
  {
    name: 'an unknown x-ax- name gets the nearest known one, or the list',
    document: oas3({ '/payments': { post: { 'x-ax-retriable': false, 'X-AX-Idempotent': true, 'x-ax-owner': 'payments-team', 'x-internal': 1, responses: ok } } }),
    errors: [
      { path: ['paths', '/payments', 'post', 'x-ax-retriable'], message: '`x-ax-retriable`: did you mean `x-ax-retryable`? Rename it so that agents and tools read it.' },
      { path: ['paths', '/payments', 'post', 'X-AX-Idempotent'], message: '`X-AX-Idempotent`: did you mean `x-ax-idempotent`? Rename it so that agents and tools read it.' },
      {
        path: ['paths', '/payments', 'post', 'x-ax-owner'],
        message: `\`x-ax-owner\` is not an AX extension (known: ${Object.keys(AX_EXTENSIONS).map(name => `\`${name}\``).join(', ')}). Rename it, or drop the \`x-ax-\` prefix for a private extension.`,
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
      { '/a': { get: { responses: { '200': { description: 'x', content: { 'application/json': { example: { 'x-ax-foo': 1 }, examples: { a: { value: { 'x-ax-bar': 2 } } } } } } } } } },
      { schemas: { Thing: { type: 'object', properties: { 'x-ax-thing': { type: 'string', 'x-ax-error-code': 'THING_ERROR' } }, default: { 'x-ax-baz': 3 }, enum: [{ 'x-ax-qux': 4 }] } } },
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
    document: swagger2({ '/a': { get: { responses: ok } } }, { 'x-ax-logging-level': 'trace', definitions: { E: { type: 'object', 'x-ax-error-code': 'E1' } } }),
    errors: [
      { path: ['x-ax-logging-level'], message: '`x-ax-logging-level` must be one of `debug`, `info`, `warn`, `error`, but it is the string "trace". Write it as `x-ax-logging-level: info`.' },
    ],
  },
  {
    name: 'garbage: paths null, an extension set to null, arrays of arrays',
    document: { openapi: '3.0.3', info: { title: 'x', version: '1', 'x-ax-retryable': null }, paths: null, tags: [[['x']]] },
    errors: [{ path: ['info', 'x-ax-retryable'], message: '`x-ax-retryable` must be a boolean, but it is null. Write it as `x-ax-retryable: false`.' }],
  },
]);

/** The function alone, without Spectral's own parse of the 13 MB text (seconds, and not this package's cost). */
function runFunction(document: object) {
  const context = { document: { data: document }, documentInventory: { resolved: document }, rule: { name: 'ax-extensions-valid' } };
  return (extensionsValid as unknown as (input: unknown, options: unknown, context: unknown) => { path: unknown[] }[])(document, null, context);
}

test('ax-extensions-valid stays linear on a 13 MB document', () => {
  const paths: Record<string, object> = {};
  for (let i = 0; i < 15000; i++) {
    paths[`/resources${i}/{id}`] = {
      get: {
        'x-ax-retryable': true,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'A resource', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', description: 'x'.repeat(600) } } } } } } },
      },
    };
  }
  paths['/resources0/{id}'] = { ...paths['/resources0/{id}'], 'x-ax-retriable': true };
  const document = { openapi: '3.1.0', info: { title: 'Big', version: '1' }, paths };
  expect(JSON.stringify(document).length).toBeGreaterThan(13_000_000);
  const started = performance.now();
  const results = runFunction(document);
  const elapsed = performance.now() - started;
  expect(results.map(result => result.path)).toEqual([['paths', '/resources0/{id}', 'x-ax-retriable']]);
  expect(elapsed).toBeLessThan(3_000);
});

test('ax-extensions-valid walks a 100 000-level nesting without overflowing the stack', () => {
  let deep: Record<string, unknown> = { 'x-ax-retriable': true };
  for (let i = 0; i < 100_000; i++) deep = { nested: deep };
  const results = runFunction({ openapi: '3.1.0', info: { title: 'Deep', version: '1' }, paths: {}, 'x-deep': deep });
  expect(results).toHaveLength(1);
  expect(results[0].path).toHaveLength(100_002);
});
