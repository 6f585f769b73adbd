import { at, body, EXAMPLE, oas3, PROBLEM, ref, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { component } from './support/components';
import { getWith as get } from './support/documents';

/** What several cases expect the rule to say. */
const VAGUE_DESCRIPTION = { messageId: 'vagueDescription', data: { description: '"Something went wrong"' } };

const withExample = (example: unknown, description = 'The amount is not a positive integer.') => ({
  description,
  content: { 'application/json': { schema: PROBLEM, example } },
});

testRule('ax-recoverable-vague-message', [
  {
    name: 'the Agent Recovery guide: the vague payload fires on each vague member; the precise one and the internal-error one pass',
    document: oas3({
      '/vague': get({ '400': withExample({ error: 'Invalid request', message: 'The request could not be processed.' }) }),
      '/internal': get({
        '500': withExample({
          type: 'https://api.example.com/errors/internal-error',
          title: 'Internal server error',
          detail: 'An unexpected error occurred processing this request.',
          trace_id: '01HV3K8MNP2QRS3TUVWX',
        }),
      }),
      '/precise': get({
        '400': withExample({
          type: 'https://api.example.com/errors/validation-error',
          detail: "The 'amount' field must be a positive integer representing cents. To charge $42.00, set amount to 4200.",
          suggestions: ["Change 'amount' from 0 to a positive integer greater than 0", 'To charge $42.00, set amount to 4200'],
        }),
      }),
    }),
    errors: [
      {
        path: at('/vague', 'get', '400', ...EXAMPLE, 'error'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `error`", text: '"Invalid request"' },
      },
      {
        path: at('/vague', 'get', '400', ...EXAMPLE, 'message'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"The request could not be processed."' },
      },
    ],
  },
  {
    name: "the Geodocs specification’s don'ts fire as hints, in suggestions arrays and inside the error wrapper; its dos pass",
    document: oas3({
      '/a': get({
        '400': withExample({ error: { code: 'X', hint: 'Invalid input.' } }),
        '500': withExample({ code: 'Y', suggestions: ['An unexpected error occurred.', 'See documentation'] }),
        '503': withExample({ code: 'Z', hint: 'Please try again later.' }),
        '422': withExample({ code: 'OK', hint: 'Use ISO 8601 datetime in UTC, e.g. 2026-04-29T00:00:00Z.', message: 'Set page_size between 1 and 100.' }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...EXAMPLE, 'error', 'hint'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `hint`", text: '"Invalid input."' },
      },
      {
        path: at('/a', 'get', '500', ...EXAMPLE, 'suggestions', '0'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `suggestions`", text: '"An unexpected error occurred."' },
      },
      {
        path: at('/a', 'get', '500', ...EXAMPLE, 'suggestions', '1'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `suggestions`", text: '"See documentation"' },
      },
      {
        path: at('/a', 'get', '503', ...EXAMPLE, 'hint'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `hint`", text: '"Please try again later."' },
      },
    ],
  },
  {
    name: 'near matches fire (case, punctuation, an interjection, a word or two after); specifics stay silent',
    document: oas3({
      '/a': get({
        '400': withExample({ message: 'INVALID INPUT!!' }),
        '401': withExample({ message: 'Oops, something went wrong here' }),
        '402': withExample({ message: 'Invalid input provided' }),
        '403': withExample({ message: 'Invalid input: `amount` must be > 0' }),
        '404': withExample({ message: 'Bad request - `currency` must be one of USD, EUR, GBP' }),
        '405': withExample({ message: 'Something went wrong while charging card tok_123; retry with a new token.' }),
        '406': withExample({ message: 'Invalid inputs are rejected' }),
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', ...EXAMPLE, 'message'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"INVALID INPUT!!"' },
      },
      {
        path: at('/a', 'get', '401', ...EXAMPLE, 'message'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"Oops, something went wrong here"' },
      },
      {
        path: at('/a', 'get', '402', ...EXAMPLE, 'message'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"Invalid input provided"' },
      },
    ],
  },
  {
    name: 'error-response descriptions: "Bad Request" alone fires; a description that explains passes; success descriptions are ignored',
    document: oas3({
      '/a': {
        get: {
          responses: {
            '200': { description: 'Bad request' },
            '400': { description: 'Bad Request' },
            '409': { description: 'The payment is already captured; re-read it and follow nextSteps.' },
          },
        },
      },
    }),
    errors: [{ path: at('/a', 'get', '400', 'description'), messageId: 'vagueDescription', data: { description: '"Bad Request"' } }],
  },
  {
    name: 'a components/responses entry shared by two operations fires once, on its description; a $ref example on the example',
    document: oas3(
      {
        '/a': get({ '500': ref('Oops', 'responses') }),
        '/b': get({ '500': ref('Oops', 'responses') }),
        '/c': get({
          '500': {
            description: 'Card network timeout; retry in 2 s.',
            content: { 'application/json': { schema: ref('Problem'), examples: { vague: ref('Vague', 'examples') } } },
          },
        }),
      },
      {
        responses: { Oops: { description: 'Something went wrong', content: { 'application/json': { schema: ref('Problem') } } } },
        schemas: { Problem: PROBLEM },
        examples: { Vague: { value: { message: 'Unknown error' } } },
      },
    ),
    errors: [
      {
        path: component('responses', 'Oops', 'description'),
        ...VAGUE_DESCRIPTION,
      },
      {
        path: component('examples', 'Vague', 'value', 'message'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"Unknown error"' },
      },
    ],
  },
  {
    name: 'an exempt operation drops out of the count of a shared response, and the finding goes when every user is exempt',
    document: oas3(
      {
        '/a': get({ '500': ref('Oops', 'responses'), '503': ref('Oops', 'responses') }),
        '/b': { get: { 'x-ax-exempt': { 'ax-recoverable-vague-message': 'Legacy endpoint' }, responses: { '500': ref('Oops', 'responses') } } },
        '/c': { get: { 'x-ax-exempt': { 'ax-recoverable-vague-message': 'Legacy endpoint' }, responses: { '500': ref('Broken', 'responses') } } },
      },
      {
        responses: {
          Oops: { description: 'Something went wrong', content: { 'application/json': { schema: ref('Problem') } } },
          Broken: { description: 'Something went wrong' },
        },
        schemas: { Problem: PROBLEM },
      },
    ),
    errors: [
      {
        path: component('responses', 'Oops', 'description'),
        ...VAGUE_DESCRIPTION,
      },
    ],
  },
  {
    name: 'schema examples through allOf and oneOf are read where bodies() finds them (the top-level schema example)',
    document: oas3({
      '/a': get({
        '400': {
          description: 'Amount too large; the maximum is 10000.',
          content: { 'application/json': { schema: { allOf: [PROBLEM], example: { message: 'Invalid data' } } } },
        },
      }),
    }),
    errors: [
      {
        path: at('/a', 'get', '400', 'content', 'application/json', 'schema', 'example', 'message'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"Invalid data"' },
      },
    ],
  },
  {
    name: 'one schema example offered as problem+json and problem+xml is one finding, on the example (corpus: train-travel)',
    document: oas3(
      {
        '/a': get({
          '400': {
            description: 'The amount is not a positive integer.',
            content: { 'application/problem+json': { schema: ref('Problem') }, 'application/problem+xml': { schema: ref('Problem') } },
          },
        }),
      },
      { schemas: { Problem: { ...PROBLEM, example: { code: 'BAD', message: 'Invalid input' } } } },
    ),
    errors: [
      {
        path: component('schemas', 'Problem', 'example', 'message'),
        messageId: 'vagueText',
        data: { field: "the application/problem+json error example's `message`", text: '"Invalid input"' },
      },
    ],
  },
  {
    // Fails on 046598f: the text names the response's media type, so the one vague example of `Problem` is
    // split into a finding "(used by GET /a 400)" and another "(used by GET /b 400)" on the same node. Now the
    // media type is no part of what makes two uses one defect, and the finding keeps the first use's words.
    name: 'one schema example served as application/json by one response and as problem+json by another is one finding, counting both, in the first use’s words',
    document: oas3(
      {
        '/a': get({ '400': { description: 'The amount is not a positive integer.', content: { 'application/json': { schema: ref('Problem') } } } }),
        '/b': get({ '400': { description: 'The amount is not a positive integer.', content: { 'application/problem+json': { schema: ref('Problem') } } } }),
      },
      { schemas: { Problem: { ...PROBLEM, example: { code: 'BAD', message: 'Invalid input' } } } },
    ),
    errors: [
      {
        path: component('schemas', 'Problem', 'example', 'message'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"Invalid input"' },
      },
    ],
  },
  {
    name: "RFC 9457: a `title` beside a `detail` names the problem type, so only the `detail` is judged; a `title` alone is the message (corpus: art19's errors[] items)",
    document: oas3({
      '/precise': get({ '400': withExample({ title: 'Bad Request', detail: 'The `amount` must be a positive integer in cents.' }) }),
      '/vague-detail': get({ '400': withExample({ title: 'Bad Request', detail: 'Invalid input.' }) }),
      '/title-only': get({ '400': withExample({ title: 'Bad Request' }) }),
      '/list': get({ '400': withExample({ errors: [{ code: 'INVALID', title: 'Bad Request', detail: 'The `sku` of item 0 is unknown.' }] }) }),
      '/schema': get({
        '400': body({
          type: 'object',
          properties: { title: { type: 'string', example: 'Bad Request' }, detail: { type: 'string', example: 'The `sku` of item 0 is unknown.' } },
        }),
      }),
    }),
    errors: [
      {
        path: at('/vague-detail', 'get', '400', ...EXAMPLE, 'detail'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `detail`", text: '"Invalid input."' },
      },
      {
        path: at('/title-only', 'get', '400', ...EXAMPLE, 'title'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `title`", text: '"Bad Request"' },
      },
    ],
  },
  {
    name: "property-level examples of error schemas are read, through $ref, allOf and oneOf: inline ones land in the operation's own response, a shared schema's once on it",
    document: oas3(
      {
        '/a': get({ '500': body(ref('Error')), '404': body(ref('Error')) }),
        '/b': get({ '400': body({ allOf: [ref('Base'), { properties: { hint: { type: 'string', example: 'See documentation' } } }] }) }),
        '/c': get({
          '422': body({
            oneOf: [
              ref('Error'),
              {
                type: 'object',
                properties: {
                  error: { type: 'object', properties: { detail: { type: 'string', examples: ['Invalid data', 'The currency must be one of USD, EUR.'] } } },
                },
              },
            ],
          }),
        }),
        '/d': get({
          '400': body({
            type: 'object',
            properties: {
              message: { type: 'string', example: 'The amount must be between 1 and 10000 cents.' },
              suggestions: { type: 'array', items: { type: 'string' }, example: ['Please contact support', 'Send amount in cents.'] },
            },
          }),
        }),
      },
      {
        schemas: {
          Error: {
            type: 'object',
            required: ['code', 'message'],
            properties: { code: { type: 'string' }, message: { type: 'string', example: 'Something went wrong.' } },
          },
          Base: { type: 'object', properties: { message: { type: 'string' } } },
        },
      },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/b', 'get', '400', 'content', 'application/json', 'schema', 'allOf', '1', 'properties', 'hint', 'example'),
        messageId: 'vagueText',
        data: { field: "the error schema's `hint` example", text: '"See documentation"' },
      },
      {
        path: at('/c', 'get', '422', 'content', 'application/json', 'schema', 'oneOf', '1', 'properties', 'error', 'properties', 'detail', 'examples', '0'),
        messageId: 'vagueText',
        data: { field: "the error schema's `detail` example", text: '"Invalid data"' },
      },
      {
        path: at('/d', 'get', '400', 'content', 'application/json', 'schema', 'properties', 'suggestions', 'example', '0'),
        messageId: 'vagueText',
        data: { field: "the error schema's `suggestions` example", text: '"Please contact support"' },
      },
      {
        path: component('schemas', 'Error', 'properties', 'message', 'example'),
        messageId: 'vagueText',
        data: { field: "the error schema's `message` example", text: '"Something went wrong."' },
      },
    ],
  },
  {
    name: 'an enum of messages is read too; Swagger 2.0 definitions',
    document: swagger2(
      { '/a': { get: { responses: { '500': { description: 'The card network timed out; retry in 2 s.', schema: { $ref: '#/definitions/Error' } } } } } },
      { definitions: { Error: { type: 'object', properties: { message: { type: 'string', enum: ['Card network timeout.', 'Unknown error'] } } } } },
    ),
    errors: [
      {
        path: ['definitions', 'Error', 'properties', 'message', 'enum', '1'],
        messageId: 'vagueText',
        data: { field: "the error schema's `message` value", text: '"Unknown error"' },
      },
    ],
  },
  {
    name: 'options replace the phrases and the field names',
    document: oas3({ '/a': get({ '400': withExample({ message: 'Nope', reason: 'Nope.', hint: 'Invalid input' }, 'Nope') }) }),
    functionOptions: { phrases: ['Nope'], message: ['reason'], recoveryHint: ['tip'] },
    errors: [
      { path: at('/a', 'get', '400', 'description'), messageId: 'vagueDescription', data: { description: '"Nope"' } },
      {
        path: at('/a', 'get', '400', ...EXAMPLE, 'reason'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `reason`", text: '"Nope."' },
      },
    ],
  },
  {
    name: 'Swagger 2.0: response description and examples',
    document: swagger2({
      '/a': {
        get: {
          responses: { '400': { description: 'Invalid input', schema: PROBLEM, examples: { 'application/json': { code: 'X', message: 'Bad request.' } } } },
        },
      },
    }),
    errors: [
      { path: at('/a', 'get', '400', 'description'), messageId: 'vagueDescription', data: { description: '"Invalid input"' } },
      {
        path: at('/a', 'get', '400', 'examples', 'application/json', 'message'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"Bad request."' },
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: schema examples array',
    document: oas3(
      {
        '/a': get({
          '400': {
            description: 'The amount is invalid.',
            content: { 'application/json': { schema: { ...PROBLEM, examples: [{ title: 'Try again later' }] } } },
          },
        }),
      },
      {},
      '3.1.0',
    ),
    errors: [
      {
        path: at('/a', 'get', '400', 'content', 'application/json', 'schema', 'examples', '0', 'title'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `title`", text: '"Try again later"' },
      },
    ],
  },
  {
    name: 'x-ax-exempt silences the rule for that operation',
    document: oas3({
      '/a': {
        get: {
          'x-ax-exempt': { 'ax-recoverable-vague-message': 'Upstream proxy message, not ours to change' },
          responses: { '502': withExample({ message: 'Bad request' }, 'Bad request') },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'garbage: description not a string, a message that is a number, examples null, responses null',
    document: oas3({
      '/a': get({ '400': { description: 42, content: { 'application/json': { example: { message: 3 }, examples: null } } }, '401': body('oops') }),
      '/b': { get: { responses: null } },
    }),
    errors: [],
  },
]);

/** A reason-phrase `message` beside the API's own detail member: the detail is the message an agent reads (issue 38, d). */
testRule('ax-recoverable-vague-message', [
  {
    name: 'OpenAPI 3.0 `$ref` response: "Bad Request" beside a specific `debugInfo` is silent; beside a vague one, the `debugInfo` fires',
    document: oas3(
      {
        '/a': get({ '400': ref('Specific', 'responses') }),
        '/b': get({ '400': withExample({ code: 400, message: 'Bad Request', debugInfo: 'Invalid input' }) }),
      },
      {
        responses: {
          Specific: {
            description: 'The amount is not a positive integer.',
            content: { 'application/json': { schema: PROBLEM, example: { code: 400, message: 'Bad Request', debugInfo: '`amount` must be positive' } } },
          },
        },
      },
    ),
    errors: [
      {
        path: at('/b', 'get', '400', ...EXAMPLE, 'debugInfo'),
        messageId: 'vagueText',
        data: { field: "the application/json error example's `debugInfo`", text: '"Invalid input"' },
      },
    ],
  },
  {
    name: 'Swagger 2.0 `examples`: a `detail` beside the reason phrase is read; lookalike: "Bad Request" with no detail member still fires',
    document: swagger2({
      '/a': get({
        '400': {
          description: 'The amount is not a positive integer.',
          schema: PROBLEM,
          examples: { 'application/json': { message: 'Bad Request', detail: '`amount` must be positive' } },
        },
      }),
      '/b': get({
        '400': {
          description: 'The amount is not a positive integer.',
          schema: PROBLEM,
          examples: { 'application/json': { message: 'Bad Request', code: 'BAD' } },
        },
      }),
    }),
    errors: [
      {
        path: ['paths', '/b', 'get', 'responses', '400', 'examples', 'application/json', 'message'],
        messageId: 'vagueText',
        data: { field: "the application/json error example's `message`", text: '"Bad Request"' },
      },
    ],
  },
  {
    name: 'OpenAPI 3.1 `allOf`: a schema example "Bad Request" beside a declared `debugInfo` is no finding',
    document: oas3(
      {
        '/a': get({
          '400': body({ allOf: [ref('Problem'), { type: 'object', properties: { debugInfo: { type: 'string' } } }] }),
        }),
      },
      { schemas: { Problem: { type: 'object', properties: { message: { type: 'string', example: 'Bad Request' }, debugInfo: { type: 'string' } } } } },
      '3.1.0',
    ),
    errors: [],
  },
]);
