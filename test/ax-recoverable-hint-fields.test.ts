import { at, EXAMPLE, oas3, ref, swagger2 } from './support/documents';
import { errorResponse } from './support/published-errors';
import { testRule } from './support/testRule';

/** What several cases expect the rule to say. */
const HOLDER_SAYS = {
  messageId: 'holderSays',
  data: {
    holder: { messageId: 'exampleHint', data: {} },
    problem: {
      messageId: 'staleFields',
      data: { names: '`initiator`', guess: '', shape: '`{ grounds, context? }`', where: ' (#/components/schemas/Dispute)' },
    },
  },
};

const string = { type: 'string' };
const ERROR = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string, recoveryHint: string } };
/** AGLedger's dispute route after its body changed to `{ grounds, context? }` (finding F-461). */
const DISPUTE = { type: 'object', required: ['grounds'], properties: { grounds: string, context: string } };
const api = (response: object, components: object = {}, openapi = '3.0.3') =>
  oas3(
    {
      '/v1/records/{id}/dispute': {
        post: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: string }],
          requestBody: { required: true, content: { 'application/json': { schema: ref('Dispute') } } },
          responses: { '400': response },
        },
      },
    },
    { ...components, schemas: { Dispute: DISPUTE, ...((components as { schemas?: object }).schemas ?? {}) } },
    openapi,
  );
const hint = (recoveryHint: unknown) => ({ code: 'VALIDATION_ERROR', message: 'Invalid dispute.', recoveryHint });

testRule('ax-recoverable-hint-fields', [
  {
    name: "fires on AGLedger's finding F-461: a hint still describing the obsolete `{initiator, role, ...}` body",
    document: api(errorResponse(ERROR, hint('Send {initiator, role, ...} to open a dispute.'))),
    errors: [
      {
        path: at('/v1/records/{id}/dispute', 'post', '400', ...EXAMPLE, 'recoveryHint'),
        messageId: 'holderSays',
        data: {
          holder: { messageId: 'exampleHint', data: {} },
          problem: {
            messageId: 'staleFields',
            data: { names: '`initiator`, `role`', guess: '', shape: '`{ grounds, context? }`', where: ' (#/components/schemas/Dispute)' },
          },
        },
      },
    ],
  },
  {
    name: 'stays silent on the corrected canonical shape, and on prose that names no field',
    document: api({
      description: 'Invalid',
      content: {
        'application/json': {
          schema: ERROR,
          examples: {
            shape: { value: hint('Send {grounds, context?} to open a dispute.') },
            prose: { value: hint('Explain why the record is wrong, then retry.') },
          },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'quoted names count only where the words mark them as fields; values, operation names and fields of the response are never judged',
    document: api(
      errorResponse(
        { ...ERROR, properties: { ...ERROR.properties, retry_after: { type: 'integer' } } },
        hint([
          'Set `grounds` to a sentence of at least 20 characters.',
          "Change 'status' from 'open' to 'closed'",
          "Call 'openDispute' first, with the 'DUPLICATE' code",
          'Provide `grounds` or `contxt`.',
          'Wait the seconds of the `retry_after` field.',
        ]),
      ),
      {},
    ),
    errors: [
      {
        path: at('/v1/records/{id}/dispute', 'post', '400', ...EXAMPLE, 'recoveryHint', '1'),
        messageId: 'holderSays',
        data: {
          holder: { messageId: 'exampleHint', data: {} },
          problem: {
            messageId: 'staleFields',
            data: { names: '`status`', guess: '', shape: '`{ grounds, context? }`', where: ' (#/components/schemas/Dispute)' },
          },
        },
      },
      {
        path: at('/v1/records/{id}/dispute', 'post', '400', ...EXAMPLE, 'recoveryHint', '3'),
        messageId: 'holderSays',
        data: {
          holder: { messageId: 'exampleHint', data: {} },
          problem: {
            messageId: 'staleFields',
            data: {
              names: '`contxt`',
              guess: { messageId: 'didYouMean', data: { name: 'context' } },
              shape: '`{ grounds, context? }`',
              where: ' (#/components/schemas/Dispute)',
            },
          },
        },
      },
    ],
  },
  {
    name: 'a nested body field, a dotted path into the body and a parameter are accepted (through allOf)',
    document: oas3({
      '/orders/{orderId}': {
        patch: {
          parameters: [
            { name: 'orderId', in: 'path', required: true, schema: string },
            { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    { type: 'object', properties: { shipping: { type: 'object', properties: { postcode: string } } } },
                    { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { sku: string } } } } },
                  ],
                },
              },
            },
          },
          responses: {
            '422': errorResponse(ERROR, hint('Set `shipping.postcode`, the `sku` field of each item and the `dryRun` parameter; send { items, shipping? }.')),
          },
        },
      },
    }),
    errors: [],
  },
  {
    name: "the x-ax-error-suggestion extension and a hint on the property of the response's own schema and a shared example's hint (judged against this request) are reported on the operation's response (OpenAPI 3.1)",
    document: api(
      {
        description: 'Invalid',
        'x-ax-error-suggestion': 'Resend as {initiator, role}.',
        content: {
          'application/json': {
            schema: { ...ERROR, properties: { ...ERROR.properties, hint: { type: 'string', example: 'Add the `role` field.' } } },
            examples: { old: ref('Old', 'examples') },
          },
        },
      },
      { examples: { Old: { value: { code: 'X', message: 'y', suggestion: 'Provide `initiator`.' } } } },
      '3.1.0',
    ),
    errors: [
      { path: at('/v1/records/{id}/dispute', 'post', '400'), ...HOLDER_SAYS },
      {
        path: at('/v1/records/{id}/dispute', 'post', '400', 'x-ax-error-suggestion'),
        messageId: 'holderSays',
        data: {
          holder: '`x-ax-error-suggestion`',
          problem: {
            messageId: 'staleFields',
            data: { names: '`initiator`, `role`', guess: '', shape: '`{ grounds, context? }`', where: ' (#/components/schemas/Dispute)' },
          },
        },
      },
      {
        path: at('/v1/records/{id}/dispute', 'post', '400', 'content', 'application/json', 'schema', 'properties', 'hint', 'example'),
        messageId: 'holderSays',
        data: {
          holder: { messageId: 'fieldExample', data: { holder: 'the error schema', name: 'hint' } },
          problem: {
            messageId: 'staleFields',
            data: { names: '`role`', guess: '', shape: '`{ grounds, context? }`', where: ' (#/components/schemas/Dispute)' },
          },
        },
      },
    ],
  },
  {
    name: "a shared example whose hint misses two operations' requests fires once per operation, on its response (each request is judged on its own); an exempt operation has none",
    document: oas3(
      Object.fromEntries(
        ['/v1/records/{id}/dispute', '/v1/claims/{id}/dispute', '/v1/legacy/{id}/dispute'].map(path => [
          path,
          {
            post: {
              ...(path.includes('legacy') ? { 'x-ax-exempt': { 'ax-recoverable-hint-fields': 'Retired form, kept for v1 clients' } } : {}),
              parameters: [{ name: 'id', in: 'path', required: true, schema: string }],
              requestBody: { required: true, content: { 'application/json': { schema: ref('Dispute') } } },
              responses: { '400': { description: 'Invalid', content: { 'application/json': { schema: ERROR, examples: { old: ref('Old', 'examples') } } } } },
            },
          },
        ]),
      ),
      { schemas: { Dispute: DISPUTE }, examples: { Old: { value: { code: 'X', message: 'y', suggestion: 'Provide `initiator`.' } } } },
    ),
    errors: [
      { path: at('/v1/records/{id}/dispute', 'post', '400'), ...HOLDER_SAYS },
      {
        path: at('/v1/claims/{id}/dispute', 'post', '400'),
        ...HOLDER_SAYS,
      },
    ],
  },
  {
    name: 'examples written in a shared schema component document the schema, not this request: not judged',
    document: api(errorResponse(ref('Error')), {
      schemas: {
        Error: {
          ...ERROR,
          properties: { ...ERROR.properties, hint: { type: 'string', example: 'Add the `role` field.' } },
          example: hint('Send {initiator, role}.'),
        },
      },
    }),
    errors: [],
  },
  {
    name: 'stays silent when the request body cannot be read or is an open map',
    document: oas3({
      '/a': {
        post: {
          requestBody: { content: { 'application/json': { schema: ref('Missing') } } },
          responses: { '400': errorResponse(ERROR, hint('Send {initiator, role}.')) },
        },
      },
      '/b': {
        post: {
          requestBody: { content: { 'application/json': { schema: { type: 'object', additionalProperties: string } } } },
          responses: { '400': errorResponse(ERROR, hint('Send {initiator, role}.')) },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'Swagger 2.0: the body parameter gives the shape; a path template in the hint is not a shape',
    document: swagger2(
      {
        '/records/{id}/dispute': {
          post: {
            parameters: [
              { name: 'id', in: 'path', required: true, type: 'string' },
              { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Dispute' } },
            ],
            responses: {
              '400': { description: 'Bad', schema: ERROR, examples: { 'application/json': hint('POST /records/{recordId}/dispute with {initiator, role?}') } },
            },
          },
        },
      },
      { definitions: { Dispute: DISPUTE } },
    ),
    errors: [
      {
        path: ['paths', '/records/{id}/dispute', 'post', 'responses', '400', 'examples', 'application/json', 'recoveryHint'],
        messageId: 'holderSays',
        data: {
          holder: { messageId: 'exampleHint', data: {} },
          problem: {
            messageId: 'staleFields',
            data: { names: '`initiator`, `role`', guess: '', shape: '`{ grounds, context? }`', where: ' (#/definitions/Dispute)' },
          },
        },
      },
    ],
  },
]);
