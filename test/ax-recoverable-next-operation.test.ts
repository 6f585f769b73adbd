import { at, EXAMPLE, oas3, ref, swagger2 } from './support/documents';
import { errorResponse } from './support/published-errors';
import { testRule } from './support/testRule';
import { component } from './support/components';

const string = { type: 'string' };
/** The precondition error of "Designing Errors for Agent Recovery", with the corrective call it names. */
const PRECONDITION = {
  type: 'object',
  required: ['type', 'detail'],
  properties: { type: string, detail: string, next_operation: string, next_operation_args: { type: 'object' } },
};
const sourceExample = (nextOperation: string, args: object) => ({
  type: 'https://api.example.com/errors/invoice/not-finalized',
  detail: "Invoice inv_01HV3K8MNP is in 'draft' status. Only finalized invoices can be sent.",
  next_operation: nextOperation,
  next_operation_args: args,
});
const FINALIZE = {
  operationId: 'finalize_invoice',
  parameters: [
    { name: 'invoice_id', in: 'path', required: true, schema: string },
    { name: 'Idempotency-Key', in: 'header', required: true, schema: string },
  ],
  responses: { '200': { description: 'Finalized' } },
};
/** send_invoice answers 422 with `response`; finalize_invoice is the corrective call. */
const api = (response: object, components: object = {}, openapi = '3.0.3', extra: object = {}) =>
  oas3(
    {
      '/invoices/{invoice_id}/send': {
        post: { operationId: 'send_invoice', parameters: [{ name: 'invoice_id', in: 'path', required: true, schema: string }], responses: { '422': response } },
      },
      '/invoices/{invoice_id}/finalize': { post: FINALIZE },
      ...extra,
    },
    components,
    openapi,
  );

testRule('ax-recoverable-next-operation', [
  {
    name: 'stays silent on the precondition error of "Designing Errors for Agent Recovery": a declared operation, its path parameter given (headers are the client\'s)',
    document: api(errorResponse(PRECONDITION, sourceExample('finalize_invoice', { invoice_id: 'inv_01HV3K8MNP' }))),
    errors: [],
  },
  {
    name: 'fires on an operationId that does not exist, naming the nearest one',
    document: api(errorResponse(PRECONDITION, sourceExample('finalise_invoice', { invoice_id: 'inv_1' }))),
    errors: [
      {
        path: at('/invoices/{invoice_id}/send', 'post', '422', ...EXAMPLE, 'next_operation'),
        messageId: 'exampleClaim',
        data: { claim: { messageId: 'unknownOperationDidYouMean', data: { key: 'next_operation', id: '"finalise_invoice"', guess: 'finalize_invoice' } } },
      },
    ],
  },
  {
    name: 'fires on an argument the operation does not take and on a required input left out',
    document: api(errorResponse(PRECONDITION, sourceExample('finalize_invoice', { invoiceId: 'inv_1' }))),
    errors: [
      {
        path: at('/invoices/{invoice_id}/send', 'post', '422', ...EXAMPLE, 'next_operation_args'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'missingArguments',
            data: {
              argsKey: 'next_operation_args',
              names: '`invoice_id`',
              target: 'finalize_invoice (POST /invoices/{invoice_id}/finalize)',
              first: 'invoice_id',
            },
          },
        },
      },
      {
        path: at('/invoices/{invoice_id}/send', 'post', '422', ...EXAMPLE, 'next_operation_args', 'invoiceId'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'unknownArgumentDidYouMean',
            data: {
              argsKey: 'next_operation_args',
              key: '`invoiceId`',
              target: 'finalize_invoice (POST /invoices/{invoice_id}/finalize)',
              within: 'the parameters; it takes no body',
              guess: 'invoice_id',
            },
          },
        },
      },
    ],
  },
  {
    name: 'a placeholder value says the agent supplies the input: silent',
    document: api(errorResponse(PRECONDITION, sourceExample('finalize_invoice', { invoice_id: '<the id of the draft invoice>' }))),
    errors: [],
  },
  {
    name: 'body properties through $ref and allOf: known keys pass, a misspelt one fires, a required one left out fires (OpenAPI 3.1)',
    document: api(
      errorResponse(PRECONDITION, sourceExample('refund_payment', { payment_id: 'pay_1', ammount: 500 })),
      {
        schemas: {
          Refund: { allOf: [ref('RefundBase'), { type: 'object', required: ['reason'], properties: { reason: string } }] },
          RefundBase: { type: 'object', required: ['amount'], properties: { amount: { type: 'integer' } } },
        },
      },
      '3.1.0',
      {
        '/payments/{payment_id}/refunds': {
          post: {
            operationId: 'refund_payment',
            parameters: [{ name: 'payment_id', in: 'path', required: true, schema: string }],
            requestBody: { required: true, content: { 'application/json': { schema: ref('Refund') } } },
            responses: {},
          },
        },
      },
    ),
    errors: [
      {
        path: at('/invoices/{invoice_id}/send', 'post', '422', ...EXAMPLE, 'next_operation_args'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'missingArguments',
            data: {
              argsKey: 'next_operation_args',
              names: '`amount`, `reason`',
              target: 'refund_payment (POST /payments/{payment_id}/refunds)',
              first: 'amount',
            },
          },
        },
      },
      {
        path: at('/invoices/{invoice_id}/send', 'post', '422', ...EXAMPLE, 'next_operation_args', 'ammount'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'unknownArgumentDidYouMean',
            data: {
              argsKey: 'next_operation_args',
              key: '`ammount`',
              target: 'refund_payment (POST /payments/{payment_id}/refunds)',
              within: 'the request body (#/components/schemas/Refund)',
              guess: 'amount',
            },
          },
        },
      },
    ],
  },
  {
    name: 'an open body (additionalProperties) takes any key: silent on the keys, the required ones still asked',
    document: api(errorResponse(PRECONDITION, sourceExample('tag_invoice', { invoice_id: 'inv_1', colour: 'red' })), {}, '3.0.3', {
      '/invoices/{invoice_id}/tags': {
        put: {
          operationId: 'tag_invoice',
          parameters: [{ name: 'invoice_id', in: 'path', required: true, schema: string }],
          requestBody: { content: { 'application/json': { schema: { type: 'object', additionalProperties: string } } } },
          responses: {},
        },
      },
    }),
    errors: [],
  },
  {
    name: 'a dotted key gives the required object it starts with, and a deep-object query parameter is an input',
    document: api(errorResponse(PRECONDITION, sourceExample('create_customer', { 'customer.email': '<the email>', 'filter.plan': 'pro' })), {}, '3.0.3', {
      '/customers': {
        post: {
          operationId: 'create_customer',
          parameters: [{ name: 'filter', in: 'query', style: 'deepObject', schema: { type: 'object', properties: { plan: string } } }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['customer'], properties: { customer: { type: 'object', properties: { email: string } } } },
              },
            },
          },
          responses: {},
        },
      },
    }),
    errors: [],
  },
  {
    name: 'a shared example in components/examples, used by two operations: one diagnostic, on the example, naming both users; an exempt third user drops out of the count',
    document: oas3(
      {
        '/invoices/{invoice_id}/send': {
          post: {
            operationId: 'send_invoice',
            responses: {
              '422': { description: 'Not finalized', content: { 'application/json': { schema: PRECONDITION, examples: { draft: ref('Draft', 'examples') } } } },
            },
          },
        },
        '/invoices/{invoice_id}/pay': {
          post: {
            operationId: 'pay_invoice',
            responses: {
              '422': { description: 'Not finalized', content: { 'application/json': { schema: PRECONDITION, examples: { draft: ref('Draft', 'examples') } } } },
            },
          },
        },
        '/invoices/{invoice_id}/void': {
          post: {
            'x-ax-exempt': { 'ax-recoverable-next-operation': 'Legacy endpoint kept for old agents.' },
            operationId: 'void_invoice',
            responses: {
              '422': { description: 'Not finalized', content: { 'application/json': { schema: PRECONDITION, examples: { draft: ref('Draft', 'examples') } } } },
            },
          },
        },
      },
      { examples: { Draft: { value: sourceExample('finalize', {}) } } },
    ),
    errors: [
      {
        path: component('examples', 'Draft', 'value', 'next_operation'),
        messageId: 'exampleClaim',
        data: { claim: { messageId: 'unknownOperation', data: { key: 'next_operation', id: '"finalize"' } } },
      },
    ],
  },
  {
    name: 'an enum of a nextOperation property in a $ref error schema names an operation that does not exist; the error wrapper and camelCase are read',
    document: api(errorResponse(ref('Precondition')), {
      schemas: {
        Precondition: {
          type: 'object',
          properties: {
            error: { type: 'object', properties: { code: string, nextOperation: { type: 'string', enum: ['finalize_invoice', 'archive_draft'] } } },
          },
        },
      },
    }),
    errors: [
      {
        path: component('schemas', 'Precondition', 'properties', 'error', 'properties', 'nextOperation', 'enum', '1'),
        messageId: 'schemaClaim',
        data: { schema: 'the error schema', claim: { messageId: 'unknownOperation', data: { key: 'nextOperation', id: '"archive_draft"' } } },
      },
    ],
  },
  {
    name: 'Swagger 2.0: a body parameter whose required property is left out fires; formData and query keys are inputs',
    document: swagger2({
      '/orders': {
        post: {
          operationId: 'createOrder',
          parameters: [
            {
              name: 'body',
              in: 'body',
              required: true,
              schema: { type: 'object', required: ['sku', 'quantity'], properties: { sku: string, quantity: { type: 'integer' } } },
            },
          ],
          responses: {
            '409': {
              description: 'Conflict',
              schema: PRECONDITION,
              examples: {
                'application/json': { type: 'OUT_OF_STOCK', detail: 'Not enough stock.', next_operation: 'createOrder', next_operation_args: { sku: 'sku_1' } },
              },
            },
          },
        },
      },
      '/uploads': {
        post: {
          operationId: 'upload',
          parameters: [
            { name: 'file', in: 'formData', type: 'file', required: true },
            { name: 'dryRun', in: 'query', type: 'boolean' },
          ],
          responses: {},
        },
      },
      '/imports': {
        post: {
          responses: {
            '400': {
              description: 'Bad',
              schema: PRECONDITION,
              examples: {
                'application/json': {
                  type: 'NO_FILE',
                  detail: 'Upload first.',
                  next_operation: 'upload',
                  next_operation_args: { file: '<the CSV file>', dryRun: true },
                },
              },
            },
          },
        },
      },
    }),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '409', 'examples', 'application/json', 'next_operation_args'],
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'missingArguments',
            data: { argsKey: 'next_operation_args', names: '`quantity`', target: 'createOrder (POST /orders)', first: 'quantity' },
          },
        },
      },
    ],
  },
  {
    name: 'renamed keys through options; a long list of missing inputs is cut short',
    functionOptions: { nextOperation: ['next_tool'], nextOperationArgs: ['next_tool_args'] },
    document: api(
      errorResponse(PRECONDITION, { type: 'x', detail: 'y', next_tool: 'create_customer', next_tool_args: {}, next_operation: 'not_read_now' }),
      {},
      '3.0.3',
      {
        '/customers': {
          post: {
            operationId: 'create_customer',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['name', 'email', 'phone', 'street', 'city', 'country'],
                    properties: Object.fromEntries(['name', 'email', 'phone', 'street', 'city', 'country'].map(n => [n, string])),
                  },
                },
              },
            },
            responses: {},
          },
        },
      },
    ),
    errors: [
      {
        path: at('/invoices/{invoice_id}/send', 'post', '422', ...EXAMPLE, 'next_tool_args'),
        messageId: 'exampleClaim',
        data: {
          claim: {
            messageId: 'missingArguments',
            data: {
              argsKey: 'next_tool_args',
              names: '`name`, `email`, `phone`, `street` and 2 more',
              target: 'create_customer (POST /customers)',
              first: 'name',
            },
          },
        },
      },
    ],
  },
  {
    name: 'values that are not strings, and success examples, are not read',
    document: api(errorResponse(PRECONDITION, { type: 'x', detail: 'y', next_operation: null }), {}, '3.0.3', {
      '/invoices': {
        post: {
          operationId: 'create_invoice',
          responses: { '201': { description: 'Created', content: { 'application/json': { example: { next_operation: 'nothing_here' } } } } },
        },
      },
    }),
    errors: [],
  },
  {
    name: 'an exempted operation is not checked, but it still counts as a target',
    document: api({ ...errorResponse(PRECONDITION, sourceExample('nothing_here', {})) }, {}, '3.0.3', {
      '/legacy': {
        post: {
          'x-ax-exempt': { 'ax-recoverable-next-operation': 'Legacy endpoint kept for old agents.' },
          operationId: 'legacy',
          responses: { '422': errorResponse(PRECONDITION, sourceExample('gone', {})) },
        },
      },
    }),
    errors: [
      {
        path: at('/invoices/{invoice_id}/send', 'post', '422', ...EXAMPLE, 'next_operation'),
        messageId: 'exampleClaim',
        data: { claim: { messageId: 'unknownOperation', data: { key: 'next_operation', id: '"nothing_here"' } } },
      },
    ],
  },
]);
