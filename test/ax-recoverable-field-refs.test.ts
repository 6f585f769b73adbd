import { at, EXAMPLE, oas3, ref, swagger2 } from './support/documents';
import { errorResponse, GEODOCS_ENVELOPE } from './support/published-errors';
import { testRule } from './support/testRule';

/** What several cases expect the rule to say. */
const EXAMPLE_CLAIM = {
  messageId: 'exampleClaim',
  data: { claim: { messageId: 'noInput', data: { key: 'field', locator: '`amount`', within: 'the request body' } } },
};

const string = { type: 'string' };
const integer = { type: 'integer' };
const ERROR = { type: 'object', required: ['code'], properties: { code: string } };
/** POST /payments: a body through $ref and allOf (a nested list of items), a query parameter `limit` and a header. */
const PAYMENT = {
  allOf: [
    ref('Money'),
    {
      type: 'object',
      required: ['currency'],
      properties: {
        currency: { type: 'string', enum: ['USD', 'EUR', 'GBP'] },
        customer: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
        items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string', pattern: '^sku_[a-z0-9]+$' }, quantity: integer } } },
        metadata: { type: 'object', additionalProperties: string },
      },
    },
  ],
};
const MONEY = { type: 'object', required: ['amount'], properties: { amount: { type: 'integer', minimum: 1, maximum: 1000000 } } };
const api = (response: object, openapi = '3.0.3', components: object = {}) =>
  oas3(
    {
      '/payments': {
        post: {
          operationId: 'createPayment',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
            { name: 'Idempotency-Key', in: 'header', schema: string },
            { name: 'filter', in: 'query', style: 'deepObject', schema: { type: 'object', properties: { status: string } } },
          ],
          requestBody: { content: { 'application/json': { schema: ref('Payment') } } },
          responses: { '400': response },
        },
      },
    },
    { schemas: { Payment: PAYMENT, Money: MONEY }, ...components },
    openapi,
  );
const exampleAt = (...rest: (string | number)[]) => at('/payments', 'post', '400', ...EXAMPLE, ...rest.map(String));

testRule('ax-recoverable-field-refs', [
  {
    name: 'stays silent when every locator resolves: pointer, dotted path with index, parameter, header, nested list through allOf',
    document: api(
      errorResponse(ERROR, {
        code: 'VALIDATION_ERROR',
        details: [
          { field: '/amount', message: 'must be positive' },
          { field: 'items[0].sku', message: 'unknown sku' },
          { field: '#/items/1/quantity', message: 'must be positive' },
          { field: 'customer.email', message: 'invalid' },
          { field: 'items.sku', message: 'a list index may be left out' },
          { field: '$.items[0].quantity', message: 'a JSONPath from the root' },
          { field: 'filter.status', message: 'into a deep-object parameter' },
          { field: 'limit', message: 'too large' },
          { field: 'idempotency-key', message: 'reused' },
          { field: 'metadata.order_ref', message: 'an open map takes any key' },
          { field: 'payment.customer.email', message: "Google's field paths start at the request message, which the body is" },
        ],
      }),
    ),
    errors: [],
  },
  {
    name: "fires on a field the request does not have, with the nearest one in the locator's own style",
    document: api(
      errorResponse(ERROR, {
        code: 'VALIDATION_ERROR',
        details: [
          { field: '/ammount' },
          { field: 'items[0].skus' },
          { field: 'customer.mail' },
          { field: 'shipping' },
          { field: '$.currrency' },
          { field: 'filter.state' },
        ],
      }),
    ),
    errors: [
      {
        path: exampleAt('details', 0, 'field'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInputDidYouMean',
            data: { key: 'field', locator: '`/ammount`', within: 'the request body (#/components/schemas/Payment)', guess: '`/amount`' },
          },
        },
      },
      {
        path: exampleAt('details', 1, 'field'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInputDidYouMean',
            data: { key: 'field', locator: '`items[0].skus`', within: 'the request body (#/components/schemas/Payment)', guess: '`items[0].sku`' },
          },
        },
      },
      {
        path: exampleAt('details', 2, 'field'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInputDidYouMean',
            data: { key: 'field', locator: '`customer.mail`', within: 'the request body (#/components/schemas/Payment)', guess: '`customer.email`' },
          },
        },
      },
      {
        path: exampleAt('details', 3, 'field'),
        messageId: 'exampleClaim',
        data: { claim: { messageId: 'noInput', data: { key: 'field', locator: '`shipping`', within: 'the request body (#/components/schemas/Payment)' } } },
      },
      {
        path: exampleAt('details', 4, 'field'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInputDidYouMean',
            data: { key: 'field', locator: '`$.currrency`', within: 'the request body (#/components/schemas/Payment)', guess: '`currency`' },
          },
        },
      },
      {
        path: exampleAt('details', 5, 'field'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInputDidYouMean',
            data: { key: 'field', locator: '`filter.state`', within: 'the query parameters', guess: '`filter.status`' },
          },
        },
      },
    ],
  },
  {
    name: 'framework shapes: FastAPI loc (prefix stripped), JSON:API source.pointer and source.parameter, RFC 9457 invalid-params, Google fieldViolations, Stripe param, Microsoft target, Berlin Group tppMessages',
    document: api(
      errorResponse(ERROR, {
        detail: [
          { loc: ['body', 'amount'], msg: 'ok' },
          { loc: ['query', 'limit'] },
          { loc: ['body', 'items', 0, 'skew'] },
          { loc: ['query', 'page'] },
          { loc: ['body'] },
        ],
        errors: [{ source: { pointer: '/currency' } }, { source: { pointer: '/data/attributes/amount' } }, { source: { parameter: 'limitt' } }],
        'invalid-params': [
          { name: 'currency', reason: 'ok' },
          { name: 'curency', reason: 'typo' },
        ],
        error: { details: [{ fieldViolations: [{ field: 'customer.email' }, { field: 'customer.phone' }] }], param: 'amount', target: 'currency' },
        tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'items.0.quantity' }],
      }),
    ),
    errors: [
      {
        path: exampleAt('detail', 2, 'loc'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInputDidYouMean',
            data: {
              key: 'loc',
              locator: '`["body","items",0,"skew"]`',
              within: 'the request body (#/components/schemas/Payment)',
              guess: '`["body","items",0,"sku"]`',
            },
          },
        },
      },
      {
        path: exampleAt('detail', 3, 'loc'),
        messageId: 'exampleClaim',
        data: { claim: { messageId: 'noInput', data: { key: 'loc', locator: '`["query","page"]`', within: 'the query parameters' } } },
      },
      {
        path: exampleAt('errors', 1, 'source', 'pointer'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInput',
            data: { key: 'source.pointer', locator: '`/data/attributes/amount`', within: 'the request body (#/components/schemas/Payment)' },
          },
        },
      },
      {
        path: exampleAt('errors', 2, 'source', 'parameter'),
        messageId: 'exampleClaim',
        data: {
          claim: { messageId: 'noInputDidYouMean', data: { key: 'source.parameter', locator: '`limitt`', within: 'the query parameters', guess: '`limit`' } },
        },
      },
      {
        path: exampleAt('invalid-params', 1, 'name'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInputDidYouMean',
            data: { key: 'name', locator: '`curency`', within: 'the request body (#/components/schemas/Payment)', guess: '`currency`' },
          },
        },
      },
      {
        path: exampleAt('error', 'details', 0, 'fieldViolations', 1, 'field'),
        messageId: 'exampleClaim',
        data: {
          claim: { messageId: 'noInput', data: { key: 'field', locator: '`customer.phone`', within: 'the request body (#/components/schemas/Payment)' } },
        },
      },
    ],
  },
  {
    name: "Geodocs' single error: allowed_values and suggested_value agree with the schema; disagreements fire with the schema's real bounds",
    document: api(
      errorResponse(GEODOCS_ENVELOPE, {
        error: {
          code: 'OUT_OF_RANGE',
          message: 'Field limit must be between 1 and 100.',
          field: 'limit',
          allowed_values: { minimum: 1, maximum: 50 },
          suggested_value: 500,
          hint: 'Reduce limit.',
          retryable: false,
          severity: 'error',
        },
        errors: [
          { field: 'currency', allowed_values: ['USD', 'EUR', 'dollars'], suggested_value: 'USD' },
          { field: '/items/0/sku', expected: { pattern: '^sku_[a-z0-9]+$' }, suggested_value: 'SKU-1' },
          { field: '/amount', expected: 'A positive integer in cents', suggested_value: '500' },
        ],
      }),
    ),
    errors: [
      {
        path: exampleAt('error', 'allowed_values', 'maximum'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'boundDisagrees',
            data: {
              key: 'allowed_values',
              keyword: 'maximum',
              claimed: '50',
              truth: { messageId: 'schemaOf', data: { locator: '`limit`' } },
              says: { messageId: 'saysBound', data: { actual: '100' } },
            },
          },
        },
      },
      {
        path: exampleAt('error', 'suggested_value'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'rejectedSuggestion',
            data: { name: 'suggested_value', value: '500', why: 'is above the maximum 100', truth: { messageId: 'schemaOf', data: { locator: '`limit`' } } },
          },
        },
      },
      {
        path: exampleAt('errors', 0, 'allowed_values'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'listsRejected',
            data: {
              key: 'allowed_values',
              value: '"dollars"',
              outside: {
                messageId: 'outsideEnum',
                data: {
                  values: '"USD", "EUR", "GBP"',
                  truth: { messageId: 'schemaOfNamed', data: { locator: '`currency`', name: '#/components/schemas/Payment' } },
                },
              },
            },
          },
        },
      },
      {
        path: exampleAt('errors', 1, 'suggested_value'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'rejectedSuggestion',
            data: {
              name: 'suggested_value',
              value: '"SKU-1"',
              why: 'does not match the pattern ^sku_[a-z0-9]+$',
              truth: { messageId: 'schemaOfNamed', data: { locator: '`/items/0/sku`', name: '#/components/schemas/Payment' } },
            },
          },
        },
      },
      {
        path: exampleAt('errors', 2, 'suggested_value'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'rejectedSuggestion',
            data: {
              name: 'suggested_value',
              value: '"500"',
              why: 'is a string, not integer',
              truth: { messageId: 'schemaOfNamed', data: { locator: '`/amount`', name: '#/components/schemas/Money/properties/amount' } },
            },
          },
        },
      },
    ],
  },
  {
    name: 'a query value travels as text: "20" is a valid suggestion for an integer parameter; prose in `expected` is never judged',
    document: api(errorResponse(ERROR, { code: 'OUT_OF_RANGE', field: 'limit', expected: 'an integer from 1 to 100', suggested_value: '20' })),
    errors: [],
  },
  {
    name: "a shared example in components/examples used by two operations: one diagnostic per operation, judged against each one's own request",
    document: oas3(
      {
        '/payments': {
          post: {
            requestBody: { content: { 'application/json': { schema: MONEY } } },
            responses: {
              '422': { description: 'Invalid', content: { 'application/json': { schema: ERROR, examples: { invalid: ref('Invalid', 'examples') } } } },
            },
          },
        },
        '/refunds': {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { reason: string } } } } },
            responses: {
              '422': { description: 'Invalid', content: { 'application/json': { schema: ERROR, examples: { invalid: ref('Invalid', 'examples') } } } },
            },
          },
        },
      },
      { examples: { Invalid: { value: { code: 'INVALID', field: 'amount' } } } },
    ),
    errors: [{ path: at('/refunds', 'post', '422'), ...EXAMPLE_CLAIM }],
  },
  {
    name: "an example in a shared schema component documents the schema, not this request: not judged; the response's own schema example is",
    document: api(
      {
        description: 'Invalid',
        content: {
          'application/json': { schema: ref('Invalid') },
          'application/problem+json': { schema: { ...ERROR, example: { code: 'INVALID', field: 'amout' } } },
        },
      },
      '3.0.3',
      { schemas: { Payment: PAYMENT, Money: MONEY, Invalid: { ...ERROR, example: { code: 'INVALID', field: 'shipping' } } } },
    ),
    errors: [
      {
        path: at('/payments', 'post', '400', 'content', 'application/problem+json', 'schema', 'example', 'field'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'noInputDidYouMean',
            data: { key: 'field', locator: '`amout`', within: 'the request body (#/components/schemas/Payment)', guess: '`amount`' },
          },
        },
      },
    ],
  },
  {
    name: 'stays silent where the request cannot be read: a dangling $ref (schema or request body), an open body, a binary body, a locator that is prose',
    document: oas3({
      '/a': {
        post: {
          requestBody: { content: { 'application/json': { schema: ref('Missing') } } },
          responses: { '400': errorResponse(ERROR, { code: 'X', field: 'anything' }) },
        },
      },
      '/b': {
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', additionalProperties: true, properties: { a: string } } } } },
          responses: { '400': errorResponse(ERROR, { code: 'X', field: 'anything' }) },
        },
      },
      '/c': {
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { a: string } } } } },
          responses: { '400': errorResponse(ERROR, { code: 'X', field: 'the first field' }) },
        },
      },
      '/d': { post: { requestBody: ref('Missing', 'requestBodies'), responses: { '400': errorResponse(ERROR, { code: 'X', field: 'anything' }) } } },
      '/e': {
        put: {
          requestBody: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          responses: { '400': errorResponse(ERROR, { code: 'X', field: 'anything' }) },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: a body parameter and formData and path parameters are the inputs; a misspelt one fires',
    document: swagger2(
      {
        '/pets/{petId}': {
          post: {
            parameters: [
              { name: 'petId', in: 'path', required: true, type: 'integer' },
              { name: 'body', in: 'body', schema: { $ref: '#/definitions/Pet' } },
            ],
            responses: {
              '400': {
                description: 'Bad',
                schema: ERROR,
                examples: { 'application/json': { code: 'INVALID', errors: [{ field: 'petId' }, { field: 'nmae' }] } },
              },
            },
          },
        },
        '/pets/{petId}/photo': {
          post: {
            parameters: [
              { name: 'petId', in: 'path', required: true, type: 'integer' },
              { name: 'file', in: 'formData', type: 'file' },
              { name: 'caption', in: 'formData', type: 'string', maxLength: 10 },
            ],
            responses: {
              '400': {
                description: 'Bad',
                schema: ERROR,
                examples: { 'application/json': { code: 'INVALID', field: 'caption', suggested_value: 'a caption far too long' } },
              },
            },
          },
        },
      },
      { definitions: { Pet: { type: 'object', properties: { name: string, tag: string } } } },
    ),
    errors: [
      {
        path: ['paths', '/pets/{petId}', 'post', 'responses', '400', 'examples', 'application/json', 'errors', '1', 'field'],
        messageId: 'exampleClaim',
        data: {
          claim: { messageId: 'noInputDidYouMean', data: { key: 'field', locator: '`nmae`', within: 'the request body (#/definitions/Pet)', guess: '`name`' } },
        },
      },
      {
        path: ['paths', '/pets/{petId}/photo', 'post', 'responses', '400', 'examples', 'application/json', 'suggested_value'],
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'rejectedSuggestion',
            data: {
              name: 'suggested_value',
              value: '"a caption far too long"',
              why: 'is longer than 10 characters',
              truth: { messageId: 'schemaOf', data: { locator: '`caption`' } },
            },
          },
        },
      },
    ],
  },
  {
    name: "OpenAPI 3.1: an operation without a request body or parameters takes no field at all; a named example on a $ref response is read, and reported on the operation's response (the example is judged against its request)",
    document: oas3(
      { '/health': { get: { responses: { '400': ref('BadRequest', 'responses') } } } },
      {
        responses: {
          BadRequest: { description: 'Bad', content: { 'application/json': { schema: ERROR, examples: { one: { value: { code: 'X', field: 'verbose' } } } } } },
        },
      },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/health', 'get', '400'),
        messageId: 'exampleClaim',
        data: { claim: { messageId: 'noInput', data: { key: 'field', locator: '`verbose`', within: 'the parameters; it takes no body' } } },
      },
    ],
  },
  {
    name: "a shared example that misses two operations' requests fires once per operation, on its response (each request is judged on its own); an exempt operation has none",
    document: oas3(
      {
        '/refunds': {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { reason: string } } } } },
            responses: {
              '422': { description: 'Invalid', content: { 'application/json': { schema: ERROR, examples: { invalid: ref('Invalid', 'examples') } } } },
            },
          },
        },
        '/disputes': {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { reason: string } } } } },
            responses: {
              '422': { description: 'Invalid', content: { 'application/json': { schema: ERROR, examples: { invalid: ref('Invalid', 'examples') } } } },
            },
          },
        },
        '/chargebacks': {
          post: {
            'x-ax-exempt': { 'ax-recoverable-field-refs': "Card network form, the example is the network's" },
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { reason: string } } } } },
            responses: {
              '422': { description: 'Invalid', content: { 'application/json': { schema: ERROR, examples: { invalid: ref('Invalid', 'examples') } } } },
            },
          },
        },
      },
      { examples: { Invalid: { value: { code: 'INVALID', field: 'amount' } } } },
    ),
    errors: [
      { path: at('/refunds', 'post', '422'), ...EXAMPLE_CLAIM },
      { path: at('/disputes', 'post', '422'), ...EXAMPLE_CLAIM },
    ],
  },
]);
