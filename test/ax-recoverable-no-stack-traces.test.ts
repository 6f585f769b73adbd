import { at, body, EXAMPLE, JSON_SCHEMA, oas3, PROBLEM, ref, swagger2, withExample } from './support/documents';
import { RECOVERY_GUIDE_INTERNAL_EXAMPLE } from './support/published-errors';
import { testRule } from './support/testRule';
import { component } from './support/components';
import { getWith as get } from './support/documents';

/** What several cases expect the rule to say. */
const DECLARES_TRACE = { messageId: 'declaresTrace', data: { schema: 'the error schema', name: 'stack', inside: '' } };
const EXAMPLE_TRACE = { messageId: 'exampleTrace', data: { mediaType: 'application/json', runtime: 'JavaScript' } };
const EXAMPLE_TRACE_2 = { messageId: 'exampleTrace', data: { mediaType: 'application/json', runtime: 'Java' } };

// The Agent Recovery guide, "Never Return Stack Traces": the wrong payload and the right one.
const SOURCE_WRONG = {
  error: 'NullPointerException',
  message: "Cannot read property 'amount' of undefined",
  stack: 'at InvoiceService.finalize (invoice-service.js:142:23)\n    at async handler (routes/invoices.ts:67:5)...',
};
const SOURCE_WRONG_SCHEMA = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' }, stack: { type: 'string' } } };
const SOURCE_RIGHT_SCHEMA = {
  type: 'object',
  properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' }, trace_id: { type: 'string' } },
};

testRule('ax-recoverable-no-stack-traces', [
  {
    name: 'the Agent Recovery guide’s wrong payload fires as a schema and as an example; the right one passes both ways',
    document: oas3({
      '/wrong-schema': get({ '500': body(SOURCE_WRONG_SCHEMA) }),
      '/wrong-example': get({ '500': withExample(SOURCE_WRONG, PROBLEM) }),
      '/right': get({ '500': withExample(RECOVERY_GUIDE_INTERNAL_EXAMPLE, SOURCE_RIGHT_SCHEMA) }),
    }),
    errors: [
      { path: at('/wrong-schema', 'get', '500', ...JSON_SCHEMA, 'properties', 'stack'), ...DECLARES_TRACE },
      { path: at('/wrong-example', 'get', '500', ...EXAMPLE, 'stack'), ...EXAMPLE_TRACE },
    ],
  },
  {
    name: 'every forbidden name, at the top level or inside the error wrapper, through $ref and allOf',
    document: oas3(
      {
        '/a': get({
          '400': body({ properties: { stackTrace: { type: 'string' } } }),
          '401': body({ properties: { error: { type: 'object', properties: { code: { type: 'string' }, stack_trace: { type: 'array' } } } } }),
          '409': body({ allOf: [ref('Problem'), { properties: { exception: { type: 'object' } } }] }),
          '500': body(ref('Debug')),
        }),
      },
      {
        schemas: {
          Problem: PROBLEM,
          Debug: { allOf: [ref('Problem'), ref('Backtrace')] },
          Backtrace: { properties: { backtrace: { type: 'string' }, traceback: { type: 'string' } } },
        },
      },
    ),
    errors: [
      {
        path: at('/a', 'get', '400', ...JSON_SCHEMA, 'properties', 'stackTrace'),
        messageId: 'declaresTrace',
        data: { schema: 'the error schema', name: 'stackTrace', inside: '' },
      },
      {
        path: at('/a', 'get', '401', ...JSON_SCHEMA, 'properties', 'error', 'properties', 'stack_trace'),
        messageId: 'declaresTrace',
        data: { schema: 'the error schema', name: 'stack_trace', inside: ' in its `error` object' },
      },
      {
        path: at('/a', 'get', '409', ...JSON_SCHEMA, 'allOf', '1', 'properties', 'exception'),
        messageId: 'declaresTrace',
        data: { schema: 'the error schema', name: 'exception', inside: '' },
      },
      {
        path: component('schemas', 'Backtrace', 'properties', 'backtrace'),
        messageId: 'declaresTrace',
        data: { schema: 'the error schema', name: 'backtrace', inside: '' },
      },
    ],
  },
  {
    name: 'a oneOf with one branch carrying a stack fires; trace_id and friends stay silent',
    document: oas3({
      '/a': get({ '500': body({ oneOf: [PROBLEM, { properties: { stack: { type: 'string' } } }] }) }),
      '/b': get({ '500': body({ properties: { trace_id: { type: 'string' }, traceId: { type: 'string' }, stacked: { type: 'boolean' } } }) }),
    }),
    errors: [{ path: at('/a', 'get', '500', ...JSON_SCHEMA, 'oneOf', '1', 'properties', 'stack'), ...DECLARES_TRACE }],
  },
  {
    name: 'recognizes Python, Java, .NET and Go traces in examples, named examples and $ref examples',
    document: oas3(
      {
        '/py': get({ '500': withExample({ detail: 'Traceback (most recent call last):\n  File "app.py", line 12, in charge\nKeyError: amount' }, PROBLEM) }),
        '/java': get({ '500': withExample({ message: 'java.lang.IllegalStateException: closed\n\tat com.acme.pay.Charge.run(Charge.java:42)' }, PROBLEM) }),
        '/java-thread': get({ '500': withExample('Exception in thread "main" java.lang.NullPointerException', PROBLEM) }),
        '/dotnet': get({
          '500': {
            description: 'x',
            content: {
              'application/json': {
                examples: { crash: { value: { errors: [{ detail: '   at Acme.Payments.Charge.Run(Int32 amount) in C:\\src\\Charge.cs:line 42' }] } } },
              },
            },
          },
        }),
        '/go': get({ '500': { description: 'x', content: { 'application/json': { examples: { panic: ref('GoPanic', 'examples') } } } } }),
      },
      { examples: { GoPanic: { value: { message: 'panic: runtime error: index out of range\n\ngoroutine 1 [running]:\nmain.main()' } } } },
    ),
    errors: [
      { path: at('/py', 'get', '500', ...EXAMPLE, 'detail'), messageId: 'exampleTrace', data: { mediaType: 'application/json', runtime: 'Python' } },
      { path: at('/java', 'get', '500', ...EXAMPLE, 'message'), ...EXAMPLE_TRACE_2 },
      { path: at('/java-thread', 'get', '500', ...EXAMPLE), ...EXAMPLE_TRACE_2 },
      {
        path: at('/dotnet', 'get', '500', 'content', 'application/json', 'examples', 'crash', 'value', 'errors', '0', 'detail'),
        messageId: 'exampleTrace',
        data: { mediaType: 'application/json', runtime: '.NET' },
      },
      { path: component('examples', 'GoPanic', 'value', 'message'), messageId: 'exampleTrace', data: { mediaType: 'application/json', runtime: 'Go' } },
    ],
  },
  {
    name: 'no false positive on prose with "at", times, trace ids and URLs',
    document: oas3({
      '/a': get({
        '400': withExample(
          {
            code: 'INVALID_AMOUNT',
            message: 'Look at the `amount` field: it must be at least 1.',
            hint: 'Retry at 10:30:00 UTC, or at https://api.example.com:443/v1/payments.',
            trace_id: 'at-01HV3K8MNP:12:34',
            details: ['Sent at 2026-04-29T00:00:00Z', 'Stack of 3 items at position 2'],
          },
          PROBLEM,
        ),
      }),
    }),
    errors: [],
  },
  {
    name: 'success examples are not checked',
    document: oas3({ '/a': { get: { responses: { '200': withExample({ log: 'at f (file.js:1:2)' }, PROBLEM) } } } }),
    errors: [],
  },
  {
    name: 'a components/responses entry shared by two operations fires once per defect, where it sits in the component, naming both users',
    document: oas3(
      { '/a': get({ '500': ref('Crash', 'responses') }), '/b': get({ '500': ref('Crash', 'responses') }) },
      { responses: { Crash: withExample(SOURCE_WRONG, SOURCE_WRONG_SCHEMA) } },
    ),
    errors: [
      { path: component('responses', 'Crash', ...JSON_SCHEMA, 'properties', 'stack'), ...DECLARES_TRACE },
      { path: component('responses', 'Crash', ...EXAMPLE, 'stack'), ...EXAMPLE_TRACE },
    ],
  },
  {
    name: 'an exempt operation is no user of the shared response: it drops out of the count, and when every user is exempt the findings are gone',
    document: oas3(
      {
        '/a': get({ '500': ref('Crash', 'responses') }),
        '/b': get({ '500': ref('Crash', 'responses') }),
        '/c': {
          get: {
            'x-ax-exempt': { 'ax-recoverable-no-stack-traces': 'Internal debug endpoint, never exposed' },
            responses: { '500': ref('Crash', 'responses') },
          },
        },
        '/debug': {
          get: {
            'x-ax-exempt': { 'ax-recoverable-no-stack-traces': 'Internal debug endpoint, never exposed' },
            responses: { '500': ref('Debug', 'responses') },
          },
        },
      },
      { responses: { Crash: withExample(SOURCE_WRONG, SOURCE_WRONG_SCHEMA), Debug: withExample(SOURCE_WRONG, SOURCE_WRONG_SCHEMA) } },
    ),
    errors: [
      { path: component('responses', 'Crash', ...JSON_SCHEMA, 'properties', 'stack'), ...DECLARES_TRACE },
      { path: component('responses', 'Crash', ...EXAMPLE, 'stack'), ...EXAMPLE_TRACE },
    ],
  },
  {
    name: 'Swagger 2.0: schema properties and examples per media type',
    document: swagger2({
      '/a': { get: { responses: { '500': { description: 'x', schema: SOURCE_WRONG_SCHEMA, examples: { 'application/json': SOURCE_WRONG } } } } },
    }),
    errors: [
      { path: at('/a', 'get', '500', 'schema', 'properties', 'stack'), ...DECLARES_TRACE },
      { path: at('/a', 'get', '500', 'examples', 'application/json', 'stack'), ...EXAMPLE_TRACE },
    ],
  },
  {
    name: 'OpenAPI 3.1: schema examples array',
    document: oas3({ '/a': get({ '500': body({ ...PROBLEM, examples: [{ code: 'X', message: 'at f (/srv/app/index.mjs:10:5)' }] }) }) }, {}, '3.1.0'),
    errors: [{ path: at('/a', 'get', '500', ...JSON_SCHEMA, 'examples', '0', 'message'), ...EXAMPLE_TRACE }],
  },
  {
    name: "a message property's own example holding a trace fires once, on that example, naming the responses using the shared schema; a plain example stays silent",
    document: oas3(
      { '/a': get({ '500': body(ref('Failure')) }), '/b': get({ '502': body(ref('Failure')), '400': body(ref('Plain')) }) },
      {
        schemas: {
          Failure: {
            type: 'object',
            properties: {
              code: { type: 'string' },
              detail: { type: 'string', example: 'java.lang.IllegalStateException: closed\n\tat com.acme.pay.Ledger.post(Ledger.java:88)' },
            },
          },
          Plain: {
            type: 'object',
            properties: { code: { type: 'string' }, message: { type: 'string', example: 'The card at the end of the list expired at 10:30.' } },
          },
        },
      },
    ),
    errors: [
      {
        path: component('schemas', 'Failure', 'properties', 'detail', 'example'),
        messageId: 'fieldTrace',
        data: { field: "the error schema's `detail` example", runtime: 'Java' },
      },
    ],
  },
  {
    name: 'option stackTrace replaces the forbidden names',
    document: oas3({ '/a': get({ '500': body({ properties: { debug: { type: 'string' }, stack: { type: 'string' } } }) }) }),
    functionOptions: { stackTrace: ['debug'] },
    errors: [
      {
        path: at('/a', 'get', '500', ...JSON_SCHEMA, 'properties', 'debug'),
        messageId: 'declaresTrace',
        data: { schema: 'the error schema', name: 'debug', inside: '' },
      },
    ],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation',
    document: oas3({
      '/debug': {
        get: {
          'x-ax-exempt': { 'ax-recoverable-no-stack-traces': 'Internal debug endpoint, never exposed' },
          responses: { '500': withExample(SOURCE_WRONG, SOURCE_WRONG_SCHEMA) },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: a string schema, a dangling $ref, examples null, a dangling example $ref, responses null',
    document: oas3({
      '/a': get({
        '500': body('oops'),
        '502': body(ref('Missing')),
        '503': { description: 'x', content: { 'application/json': { examples: { a: ref('Missing', 'examples'), b: null } } } },
      }),
      '/b': { get: { responses: null } },
    }),
    errors: [],
  },
]);
