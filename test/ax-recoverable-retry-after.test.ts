import { at, body, oas3, ref, swagger2 } from './support/documents';
import { errorResponse, GEODOCS_ENVELOPE, GEODOCS_EXAMPLE, RECOVERY_GUIDE_INTERNAL_EXAMPLE, RECOVERY_GUIDE_PROBLEM } from './support/published-errors';
import { runRule, runRuleWithEdits, testRule } from './support/testRule';
import { isObject, valueAt } from '../lib/document/document';
import { mergeInto } from '../lib/findings/edits';
import { component, usedBy } from './support/components';
import { getWith as get, OK as ok } from './support/documents';

/** What several cases expect the rule to say. */
const NO_RETRY_DELAY = {
  messageId: 'noRetryDelay',
  data: { header: 'Retry-After', schemas: { messageId: 'schemaHas', data: { schema: 'the error schema' } }, name: 'retry_after_ms', concept: 'retryDelay' },
};
const NO_RETRY_AFTER = { messageId: 'noRetryAfter', data: { header: 'Retry-After', concept: 'retryDelay' } };
const RETRYABLE_WITHOUT_DELAY = {
  messageId: 'retryableWithoutDelay',
  data: { flag: 'retryable', delay: 'retry_after_ms', header: 'Retry-After', concept: 'retryDelay' },
};

const string = { type: 'string' };
const integer = { type: 'integer' };
const PROBLEM = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } };
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait.', schema: integer } };

testRule('ax-recoverable-retry-after', [
  {
    name: 'fires on a 429 with no headers at all and no delay in the body (a violation, not a skip), on the response where the header goes',
    document: oas3({ '/payments': { post: { responses: { '201': { description: 'Created' }, '429': body(PROBLEM) } } } }),
    errors: [{ path: at('/payments', 'post', '429'), ...NO_RETRY_DELAY }],
  },
  {
    name: 'fires on a 503 whose headers lack Retry-After',
    document: oas3({ '/a': get({ '503': { ...body(PROBLEM), headers: { 'X-Request-Id': { schema: string } } } }) }),
    errors: [{ path: at('/a', 'get', '503'), ...NO_RETRY_DELAY }],
  },
  {
    name: 'a 429 or 503 without a body still needs the header: on the response, or on its headers',
    document: oas3({
      '/a': get({ '429': { description: 'Slow down' }, '503': { description: 'Down', headers: { 'X-RateLimit-Limit': { schema: integer } } } }),
    }),
    errors: [
      { path: at('/a', 'get', '429'), ...NO_RETRY_AFTER },
      { path: at('/a', 'get', '503', 'headers'), ...NO_RETRY_AFTER },
    ],
  },
  {
    name: 'stays silent on a Retry-After header in any case, inline or as a $ref to components/headers',
    document: oas3(
      {
        '/a': get({
          '429': { ...body(PROBLEM), headers: { 'retry-after': { schema: integer } } },
          '503': { description: 'Down', headers: { 'RETRY-AFTER': ref('RetryAfter', 'headers') } },
        }),
      },
      { headers: { RetryAfter: { description: 'Seconds to wait.', schema: integer } } },
    ),
    errors: [],
  },
  {
    name: 'stays silent on a RateLimit-Reset or X-RateLimit-Reset header (corpus: DigitalOcean)',
    document: oas3({
      '/a': get({
        '429': { ...body(PROBLEM), headers: { 'ratelimit-reset': { schema: integer } } },
        '503': { ...body(PROBLEM), headers: { 'X-RateLimit-Reset': { schema: integer } } },
      }),
    }),
    errors: [],
  },
  {
    name: 'stays silent on a delay in the body: the Geodocs specification’s error.retry_after_ms, the Agent Recovery guide’s retry_after_seconds',
    document: oas3(
      {
        '/a': get({ '429': errorResponse(GEODOCS_ENVELOPE, GEODOCS_EXAMPLE) }),
        '/b': get({ '503': errorResponse(ref('Problem'), RECOVERY_GUIDE_INTERNAL_EXAMPLE, 'application/problem+json') }),
      },
      { schemas: { Problem: RECOVERY_GUIDE_PROBLEM } },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: 'one missing header is one finding per response, whatever the number of JSON media types; a media type that carries the delay is not named',
    document: oas3(
      {
        '/a': get({
          '429': {
            description: 'Slow down',
            content: {
              'application/json': { schema: ref('Problem') },
              'application/problem+json': { schema: ref('Other') },
              'application/vnd.api+json': { schema: PROBLEM },
            },
          },
        }),
        '/b': get({
          '503': {
            description: 'Down',
            content: {
              'application/json': { schema: ref('Problem') },
              'application/problem+json': { schema: { allOf: [ref('Other'), { properties: { retry_after_ms: integer } }] } },
            },
          },
        }),
        '/c': get({
          '429': { description: 'Slow down', content: { 'application/json': { schema: ref('Problem') }, 'application/xml': { schema: ref('Other') } } },
        }),
      },
      { schemas: { Problem: PROBLEM, Other: { type: 'object', properties: { title: string } } } },
    ),
    errors: [
      {
        path: at('/a', 'get', '429'),
        messageId: 'noRetryDelay',
        data: { header: 'Retry-After', schemas: { messageId: 'schemasHave', data: { count: 3 } }, name: 'retry_after_ms', concept: 'retryDelay' },
      },
      {
        path: at('/b', 'get', '503'),
        messageId: 'noRetryDelay',
        data: {
          header: 'Retry-After',
          schemas: { messageId: 'schemaHas', data: { schema: 'the application/json error schema' } },
          name: 'retry_after_ms',
          concept: 'retryDelay',
        },
      },
      { path: at('/c', 'get', '429'), ...NO_RETRY_DELAY },
    ],
  },
  {
    name: 'checks only 429 and 503',
    document: oas3({
      '/a': get({ '500': body(PROBLEM), '502': body(PROBLEM), '4XX': body(PROBLEM), '5XX': body(PROBLEM), default: body(PROBLEM), '400': body(PROBLEM) }),
    }),
    errors: [],
  },
  {
    name: 'allOf: a delay from any branch counts',
    document: oas3(
      { '/a': get({ '429': body({ allOf: [ref('Problem'), { properties: { retryAfterSeconds: integer } }] }) }) },
      { schemas: { Problem: PROBLEM } },
    ),
    errors: [],
  },
  {
    name: 'oneOf: fires when a branch lacks the delay and there is no header',
    document: oas3({ '/a': get({ '503': body({ oneOf: [{ type: 'object', properties: { retryAfter: integer } }, PROBLEM] }) }) }),
    errors: [
      {
        path: at('/a', 'get', '503'),
        messageId: 'noRetryDelay',
        data: {
          header: 'Retry-After',
          schemas: { messageId: 'schemaShapesHave', data: { schema: 'the error schema', count: 1, total: 2 } },
          name: 'retryAfterMs',
          concept: 'retryDelay',
        },
      },
    ],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on the shared response',
    document: oas3(
      {
        '/a': get({ '429': ref('RateLimited', 'responses') }),
        '/b': { post: { responses: { '201': { description: 'Created' }, '429': ref('RateLimited', 'responses') } } },
      },
      { responses: { RateLimited: errorResponse(ref('Problem'), undefined, 'application/json', 'Too many requests') }, schemas: { Problem: PROBLEM } },
    ),
    errors: [{ path: component('responses', 'RateLimited'), ...NO_RETRY_DELAY }],
  },
  {
    name: 'a shared response used by one operation fires on the component, naming that operation; one without a body on its headers',
    document: oas3(
      { '/a': get({ '429': ref('RateLimited', 'responses'), '503': ref('Down', 'responses') }) },
      {
        responses: {
          RateLimited: errorResponse(ref('Problem'), undefined, 'application/json', 'Too many requests'),
          Down: { description: 'Down', headers: { 'X-Request-Id': { schema: string } } },
        },
        schemas: { Problem: PROBLEM },
      },
    ),
    errors: [
      { path: component('responses', 'RateLimited'), ...NO_RETRY_DELAY },
      { path: component('responses', 'Down', 'headers'), ...NO_RETRY_AFTER },
    ],
  },
  {
    name: 'an exempt operation is no user of a shared response: it drops out of the count, and the finding goes when every user is exempt',
    document: oas3(
      {
        '/a': get({ '429': ref('RateLimited', 'responses') }),
        '/b': get({ '429': ref('RateLimited', 'responses'), '503': ref('RateLimited', 'responses') }),
        '/c': { get: { 'x-ax-exempt': { 'ax-recoverable-retry-after': 'Internal batch job' }, responses: { ...ok, '429': ref('RateLimited', 'responses') } } },
        '/d': { get: { 'x-ax-exempt': { 'ax-recoverable-retry-after': 'Internal batch job' }, responses: { ...ok, '503': ref('Down', 'responses') } } },
      },
      { responses: { RateLimited: errorResponse(PROBLEM, undefined, 'application/json', 'Too many requests'), Down: { description: 'Down' } } },
    ),
    errors: [{ path: component('responses', 'RateLimited'), ...NO_RETRY_DELAY }],
  },
  {
    name: 'a shared response with Retry-After passes for every operation',
    document: oas3(
      { '/a': get({ '429': ref('RateLimited', 'responses') }), '/b': get({ '429': ref('RateLimited', 'responses') }) },
      { responses: { RateLimited: { ...errorResponse(PROBLEM), headers: RETRY_AFTER } } },
    ),
    errors: [],
  },
  {
    name: 'Swagger 2.0: headers work the same way',
    document: swagger2({
      '/a': {
        get: {
          responses: {
            ...ok,
            '429': { description: 'Slow down', schema: PROBLEM },
            '503': { description: 'Down', headers: { 'Retry-After': { type: 'integer' } }, schema: PROBLEM },
          },
        },
      },
    }),
    errors: [{ path: at('/a', 'get', '429'), ...NO_RETRY_DELAY }],
  },
  {
    name: 'Swagger 2.0: a shared responses entry fires once, on it',
    document: swagger2(
      {
        '/a': { get: { responses: { ...ok, '429': { $ref: '#/responses/RateLimited' } } } },
        '/b': { delete: { responses: { '204': { description: 'Deleted' }, '429': { $ref: '#/responses/RateLimited' } } } },
      },
      { responses: { RateLimited: { description: 'Slow down', schema: PROBLEM } } },
    ),
    errors: [{ path: ['responses', 'RateLimited'], ...NO_RETRY_DELAY }],
  },
  {
    name: 'functionOptions replace the header and property names',
    document: oas3({
      '/a': get({
        '429': { ...body(PROBLEM), headers: { 'X-Retry-In': { schema: integer } } },
        '503': body({ type: 'object', properties: { wait_ms: integer } }),
      }),
      '/b': get({ '429': { ...body(PROBLEM), headers: RETRY_AFTER } }),
    }),
    functionOptions: { retryAfterHeader: ['X-Retry-In'], retryDelay: ['wait_ms'] },
    errors: [
      {
        path: at('/b', 'get', '429'),
        messageId: 'noRetryDelay',
        data: { header: 'X-Retry-In', schemas: { messageId: 'schemaHas', data: { schema: 'the error schema' } }, name: 'wait_ms', concept: 'retryDelay' },
      },
    ],
  },
  {
    name: 'an error example that says retryable: true gives a delay: fires on any error status without one, on the flag; silent with a delay in the example, a Retry-After header, or retryable: false',
    document: oas3(
      {
        '/a': get({
          '500': errorResponse(ref('Problem'), { code: 'UPSTREAM_TIMEOUT', message: 'The card network timed out.', retryable: true }),
          '502': errorResponse(ref('Problem'), { code: 'BAD_GATEWAY', message: 'Upstream failed.', retryable: true, retry_after_ms: 2000 }),
          '504': { ...errorResponse(ref('Problem'), { code: 'TIMEOUT', message: 'Timed out.', retryable: true }), headers: RETRY_AFTER },
          '400': errorResponse(ref('Problem'), { code: 'INVALID_AMOUNT', message: 'amount must be > 0', retryable: false }),
        }),
        '/b': get({
          default: { description: 'Error', content: { 'application/json': { schema: ref('Problem'), examples: { busy: ref('Busy', 'examples') } } } },
        }),
      },
      { schemas: { Problem: PROBLEM }, examples: { Busy: { value: { error: { code: 'BUSY', message: 'Busy.', is_retriable: true } } } } },
    ),
    errors: [
      { path: at('/a', 'get', '500', 'content', 'application/json', 'example', 'retryable'), ...RETRYABLE_WITHOUT_DELAY },
      {
        path: component('examples', 'Busy', 'value', 'error', 'is_retriable'),
        messageId: 'retryableWithoutDelay',
        data: { flag: 'is_retriable', delay: 'retry_after_ms', header: 'Retry-After', concept: 'retryDelay' },
      },
    ],
  },
  {
    name: 'a 429 already reported for its missing delay gets no second finding for its retryable example; Swagger 2.0 examples are read too',
    document: swagger2({
      '/a': {
        get: {
          responses: {
            ...ok,
            '429': {
              description: 'Slow down',
              schema: PROBLEM,
              examples: { 'application/json': { code: 'RATE_LIMITED', message: 'Slow down.', retryable: true } },
            },
            '503': {
              description: 'Down',
              schema: { ...PROBLEM, properties: { ...PROBLEM.properties, retry_after_ms: integer } },
              examples: { 'application/json': { code: 'DOWN', message: 'Down.', retryable: true } },
            },
          },
        },
      },
    }),
    errors: [
      { path: at('/a', 'get', '429'), ...NO_RETRY_DELAY },
      { path: at('/a', 'get', '503', 'examples', 'application/json', 'retryable'), ...RETRYABLE_WITHOUT_DELAY },
    ],
  },
  {
    name: 'x-ax-exempt on the path item silences its operations',
    document: oas3({
      '/health': {
        'x-ax-exempt': { 'ax-recoverable-retry-after': 'Probe endpoint, never retried by agents' },
        get: { responses: { ...ok, '503': { description: 'Down' } } },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: an unreadable schema, a dangling header $ref named Retry-After, a non-object response and responses: null stay silent; headers: "oops" counts as none',
    document: oas3({
      '/a': get({ '429': body(ref('Missing')), '503': 'not a response' }),
      '/b': get({ '429': { description: 'x', headers: { 'Retry-After': ref('Missing', 'headers') } } }),
      '/c': { get: { responses: null } },
      '/d': get({ '429': { description: 'x', headers: 'oops' } }),
    }),
    errors: [{ path: at('/d', 'get', '429'), ...NO_RETRY_AFTER }],
  },
]);

test('ax-recoverable-retry-after: the one finding on a shared response carries one edit, of the component, and applying it clears every use', async () => {
  const document = oas3(
    {
      '/a': get({ '429': ref('RateLimited', 'responses') }),
      '/b': { post: { responses: { '201': { description: 'Created' }, '429': ref('RateLimited', 'responses'), '503': ref('RateLimited', 'responses') } } },
    },
    { responses: { RateLimited: errorResponse(ref('Problem'), undefined, 'application/json', 'Too many requests') }, schemas: { Problem: PROBLEM } },
  );
  const { results, edits } = await runRuleWithEdits('ax-recoverable-retry-after', document);
  expect(results.map(result => result.message.slice(0, result.message.indexOf(':')))).toEqual([usedBy('RateLimited', 3)]);
  const all = [...edits.values()].flat();
  expect(all.map(edit => edit.target)).toEqual([component('responses', 'RateLimited')]);
  const fixed = structuredClone(document) as Record<string, unknown>;
  for (const edit of all) {
    const target = valueAt(fixed, edit.target);
    if (isObject(target)) mergeInto(target, edit.update);
  }
  expect((await runRule('ax-recoverable-retry-after', fixed)).filter(result => result.code === 'ax-recoverable-retry-after')).toEqual([]);
});
