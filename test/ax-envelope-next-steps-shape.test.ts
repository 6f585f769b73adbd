import { at, body, JSON_SCHEMA, NEXT_STEPS, oas3, PAYMENT, PROBLEM, ref, swagger2 } from './support/documents';
import { testRule } from './support/testRule';
import { postWith as post } from './support/documents';
import { component, usedBy } from './support/components';

/** What several cases expect the rule to say. */
const FIELD_NOT_REQUIRED = {
  messageId: 'fieldNotRequired',
  data: { subject: { messageId: 'itemsOf', data: { trail: 'nextSteps' } }, name: 'href', thenSend: '; your handler must then send it' },
};
const METHOD_ANY_STRING = {
  messageId: 'methodAnyString',
  data: { subject: { messageId: 'itemsOf', data: { trail: 'nextSteps' } }, name: 'method', methodEnum: '`enum: [GET, POST, PUT, PATCH, DELETE]`' },
};

const ITEM = NEXT_STEPS.items;
const PROPS = ITEM.properties;
const STEPS_AT = [...JSON_SCHEMA, 'properties', 'nextSteps'];
const ITEMS_AT = [...STEPS_AT, 'items'];
const envelope = (nextSteps: unknown) => ({ type: 'object', properties: { id: { type: 'string' }, nextSteps } });
const stepsOf = (items: unknown) => envelope({ type: 'array', items });

/** A fix that requires step members ends by saying the server must then send them. */
const SEND_IT = '; your handler must then send it.';
const FIELD_HINT: Record<string, string> = {
  action: 'type string: an imperative verb phrase',
  method: 'type string, `enum: [GET, POST, PUT, PATCH, DELETE]`',
  href: 'type string: the concrete URL, no template',
  description: 'type string: why, and any precondition',
};
const undeclared = (label: string, field: string, trail = 'nextSteps') =>
  `${label}: the items of \`${trail}\` do not declare \`${field}\`. Declare it (${FIELD_HINT[field]}) and list it in \`required\`${SEND_IT}`;
const unrequired = (label: string, field: string, trail = 'nextSteps') =>
  `${label}: the items of \`${trail}\` declare but do not require \`${field}\`. Add it to their \`required\` list${SEND_IT}`;

const NEXT_STEP_AT = component('schemas', 'NextStep');
/** An envelope whose steps are the shared `NextStep`, which does not require `href`. */
const SHARED_NEXT_STEP = {
  schemas: {
    Created: ref('Envelope'),
    Envelope: envelope({ type: 'array', items: ref('NextStep') }),
    NextStep: { ...ITEM, required: ['action', 'method', 'description'] },
  },
};

/** The the Agent-UX Envelope step, as a schema: action, method, href, description, all required. */
const SOURCE_STEP = {
  type: 'object',
  required: ['action', 'method', 'href', 'description'],
  properties: {
    action: { type: 'string', example: 'Submit receipt' },
    method: { type: 'string', enum: ['POST', 'GET'] },
    href: { type: 'string', example: '/v1/records/019d3b10-03cb-7b00-9f3e-f1a2c3d4e5f6/receipts' },
    description: { type: 'string' },
  },
};

/** Renamed steps with no `summary` and a `verb` that allows CONNECT: what the renaming options are tried on. */
const RENAMED = oas3({
  '/payments': post({
    '201': body({
      properties: {
        links: {
          type: 'array',
          items: {
            type: 'object',
            required: ['title', 'verb', 'url'],
            properties: { title: {}, verb: { type: 'string', enum: ['GET', 'CONNECT'] }, url: {} },
          },
        },
      },
    }),
  }),
});
const RENAMED_ERRORS = [
  {
    path: at('/payments', 'post', '201', ...JSON_SCHEMA, 'properties', 'links', 'items'),
    messageId: 'fieldUndeclared',
    data: {
      subject: { messageId: 'itemsOf', data: { trail: 'links' } },
      name: 'summary',
      holds: { messageId: 'descriptionHolds', data: {} },
      thenSend: '; your handler must then send it',
    },
  },
  {
    path: at('/payments', 'post', '201', ...JSON_SCHEMA, 'properties', 'links', 'items', 'properties', 'verb'),
    messageId: 'methodNotHttp',
    data: {
      subject: { messageId: 'itemsOf', data: { trail: 'links' } },
      name: 'verb',
      values: '`CONNECT`',
      methodEnum: '`enum: [GET, POST, PUT, PATCH, DELETE]`',
    },
  },
];

testRule('ax-envelope-next-steps-shape', [
  {
    name: 'stays silent on the the Agent-UX Envelope step shape, inline or through $ref',
    document: oas3(
      { '/records': post({ '201': body(stepsOf(SOURCE_STEP)) }), '/records/{id}/receipts': post({ '201': body(ref('Envelope')) }) },
      { schemas: { Envelope: { allOf: [PAYMENT, { properties: { nextSteps: { type: 'array', items: ref('NextStep') } } }] }, NextStep: SOURCE_STEP } },
    ),
    errors: [],
  },
  {
    name: 'fires on a nextSteps that is not an array, on the property',
    document: oas3({ '/payments': post({ '201': body(envelope({ type: 'string' })) }) }),
    errors: [
      {
        path: at('/payments', 'post', '201', ...STEPS_AT),
        messageId: 'notAList',
        data: { trail: 'nextSteps', types: 'string', required: '`action`, `method`, `href`, `description`', thenSend: '; your handler must then send them' },
      },
    ],
  },
  {
    name: 'fires on an array without items, and on items that are strings',
    document: oas3({
      '/a': post({ '201': body(envelope({ type: 'array' })) }),
      '/b': post({ '201': body(stepsOf({ type: 'string' })) }),
    }),
    errors: [
      {
        path: at('/a', 'post', '201', ...STEPS_AT),
        messageId: 'noItems',
        data: { trail: 'nextSteps', required: '`action`, `method`, `href`, `description`', thenSend: '; your handler must then send them' },
      },
      {
        path: at('/b', 'post', '201', ...ITEMS_AT),
        messageId: 'scalarItems',
        data: { trail: 'nextSteps', types: 'string', required: '`action`, `method`, `href`, `description`', thenSend: '; your handler must then send them' },
      },
    ],
  },
  {
    name: 'the bad step of the Agent-UX Envelope (rel and link instead of the four fields) fires once per missing field, on the inline item',
    document: oas3({ '/records': post({ '201': body(stepsOf({ type: 'object', properties: { rel: { type: 'string' }, link: { type: 'string' } } })) }) }),
    errors: ['action', 'method', 'href', 'description'].map(field => ({
      path: at('/records', 'post', '201', ...ITEMS_AT),
      message: undeclared('POST /records 201', field),
    })),
  },
  {
    name: 'tells a declared-but-optional field from a missing one',
    document: oas3({ '/payments': post({ '201': body(stepsOf({ ...ITEM, required: ['action', 'method'] })) }) }),
    errors: [
      { path: at('/payments', 'post', '201', ...ITEMS_AT), ...FIELD_NOT_REQUIRED },
      {
        path: at('/payments', 'post', '201', ...ITEMS_AT),
        messageId: 'fieldNotRequired',
        data: { subject: { messageId: 'itemsOf', data: { trail: 'nextSteps' } }, name: 'description', thenSend: '; your handler must then send it' },
      },
    ],
  },
  {
    name: 'method: an enum outside HTTP methods fires (case-insensitive), a plain string fires, HEAD and OPTIONS pass',
    document: oas3({
      '/a': post({ '201': body(stepsOf({ ...ITEM, properties: { ...PROPS, method: { type: 'string', enum: ['get', 'TRACE', 'follow'] } } })) }),
      '/b': post({ '201': body(stepsOf({ ...ITEM, properties: { ...PROPS, method: { type: 'string' } } })) }),
      '/c': post({ '201': body(stepsOf({ ...ITEM, properties: { ...PROPS, method: { type: 'string', enum: ['HEAD', 'options', 'Delete'] } } })) }),
      '/d': post({ '201': body(stepsOf({ ...ITEM, properties: { ...PROPS, method: { const: 'POST' } } })) }),
    }),
    errors: [
      {
        path: at('/a', 'post', '201', ...ITEMS_AT, 'properties', 'method'),
        messageId: 'methodNotHttp',
        data: {
          subject: { messageId: 'itemsOf', data: { trail: 'nextSteps' } },
          name: 'method',
          values: '`TRACE`, `follow`',
          methodEnum: '`enum: [GET, POST, PUT, PATCH, DELETE]`',
        },
      },
      { path: at('/b', 'post', '201', ...ITEMS_AT, 'properties', 'method'), ...METHOD_ANY_STRING },
    ],
  },
  {
    name: 'option methodEnum: false accepts a plain string method',
    document: oas3({ '/b': post({ '201': body(stepsOf({ ...ITEM, properties: { ...PROPS, method: { type: 'string' } } })) }) }),
    functionOptions: { methodEnum: false },
    errors: [],
  },
  {
    name: 'a $ref chain to a shared NextStep reports once, on the component where `required` is edited, naming how many responses use it',
    document: oas3(
      { '/payments': post({ '201': body(ref('Created')) }), '/refunds': { put: { responses: { '200': body(ref('Created')) } } } },
      SHARED_NEXT_STEP,
    ),
    errors: [{ path: NEXT_STEP_AT, ...FIELD_NOT_REQUIRED }],
  },
  {
    name: 'an operation exempt from the rule is no user of the shared NextStep: it drops out of the count, and with every user exempt the finding goes',
    document: oas3(
      {
        '/payments': post({ '201': body(ref('Created')) }),
        '/refunds': { put: { responses: { '200': body(ref('Created')) } } },
        '/rpc': {
          post: { 'x-ax-exempt': { 'ax-envelope-next-steps-shape': 'JSON-RPC result carries its own links' }, responses: { '200': body(ref('Created')) } },
        },
      },
      SHARED_NEXT_STEP,
    ),
    errors: [{ path: NEXT_STEP_AT, ...FIELD_NOT_REQUIRED }],
  },
  {
    name: 'one user left beside an exempt one: the finding names that response; none left: silent',
    document: oas3(
      {
        '/payments': post({ '201': body(ref('Created')) }),
        '/rpc': {
          post: { 'x-ax-exempt': { 'ax-envelope-next-steps-shape': 'JSON-RPC result carries its own links' }, responses: { '200': body(ref('Created')) } },
        },
        '/legacy': {
          'x-ax-exempt': { 'ax-envelope-next-steps-shape': 'Frozen legacy endpoint, removed in v3' },
          post: { responses: { '200': body(envelope({ type: 'array', items: ref('LegacyStep') })) } },
        },
      },
      { schemas: { ...SHARED_NEXT_STEP.schemas, LegacyStep: { ...ITEM, required: ['action'] } } },
    ),
    errors: [{ path: NEXT_STEP_AT, ...FIELD_NOT_REQUIRED }],
  },
  {
    name: 'an inline envelope whose items are a shared $ref lands on the shared item schema, where `required` is edited',
    document: oas3(
      { '/payments': post({ '201': body(stepsOf(ref('NextStep'))) }) },
      { schemas: { NextStep: { type: 'object', properties: PROPS, required: ['action'] } } },
    ),
    errors: ['method', 'href', 'description'].map(field => ({
      path: NEXT_STEP_AT,
      message: unrequired(usedBy('NextStep', 'POST /payments 201'), field),
    })),
  },
  {
    name: 'allOf composition of the item: fields required by different branches count',
    document: oas3({
      '/payments': post({
        '201': body(
          stepsOf({
            allOf: [
              { type: 'object', required: ['action', 'href'], properties: { action: PROPS.action, href: PROPS.href } },
              { required: ['method', 'description'], properties: { method: PROPS.method, description: PROPS.description } },
            ],
          }),
        ),
      }),
    }),
    errors: [],
  },
  {
    name: 'oneOf items with a branch missing href fire once, on the items',
    document: oas3({ '/payments': post({ '201': body(stepsOf({ oneOf: [ITEM, { ...ITEM, required: ['action', 'method', 'description'] }] })) }) }),
    errors: [{ path: at('/payments', 'post', '201', ...ITEMS_AT), ...FIELD_NOT_REQUIRED }],
  },
  {
    name: 'a components/responses entry shared by two operations gives one diagnostic, on the shared response’s `method`',
    document: oas3(
      { '/payments': post({ '201': ref('Created', 'responses') }), '/refunds': post({ '201': ref('Created', 'responses') }) },
      { responses: { Created: body(stepsOf({ ...ITEM, properties: { ...PROPS, method: { type: 'string' } } })) } },
    ),
    errors: [
      {
        path: component('responses', 'Created', ...ITEMS_AT, 'properties', 'method'),
        ...METHOD_ANY_STRING,
      },
    ],
  },
  {
    name: 'nested envelopes: list items and an error wrapper carrying nextSteps are checked too, on GET and on errors; the list item and the POST body share `Payment`, one finding on it in the first use’s trail',
    document: oas3(
      {
        '/payments': {
          get: { responses: { '200': body({ type: 'object', properties: { data: { type: 'array', items: ref('Payment') } } }) } },
          post: {
            responses: {
              '201': body(ref('Payment')),
              '409': body({
                type: 'object',
                properties: { error: { type: 'object', properties: { ...PROBLEM.properties, nextSteps: { type: 'array', items: { type: 'object' } } } } },
              }),
            },
          },
        },
      },
      {
        schemas: {
          Payment: { allOf: [PAYMENT, { properties: { nextSteps: { type: 'array', items: { ...ITEM, required: ['action', 'method', 'href'] } } } }] },
        },
      },
    ),
    errors: [
      ...['action', 'method', 'href', 'description'].map(field => ({
        path: at('/payments', 'post', '409', ...JSON_SCHEMA, 'properties', 'error', 'properties', 'nextSteps', 'items'),
        message: undeclared('POST /payments 409', field, 'error.nextSteps'),
      })),
      {
        path: component('schemas', 'Payment', 'allOf', '1', 'properties', 'nextSteps', 'items'),
        messageId: 'fieldNotRequired',
        data: { subject: { messageId: 'itemsOf', data: { trail: 'data[].nextSteps' } }, name: 'description', thenSend: '; your handler must then send it' },
      },
    ],
  },
  {
    name: 'Swagger 2.0: definitions are followed and the result lands on the shared definition’s `method`',
    document: swagger2(
      { '/payments': post({ '201': { description: 'Created', schema: { $ref: '#/definitions/Envelope' } } }) },
      {
        definitions: {
          Envelope: envelope({ type: 'array', items: { $ref: '#/definitions/NextStep' } }),
          NextStep: { ...ITEM, properties: { ...PROPS, method: { type: 'string' } } },
        },
      },
    ),
    errors: [{ path: ['definitions', 'NextStep', 'properties', 'method'], ...METHOD_ANY_STRING }],
  },
  {
    name: 'OpenAPI 3.1: a nullable array type passes, next_steps is read by default',
    document: oas3(
      {
        '/a': post({ '201': body(envelope({ type: ['array', 'null'], items: ITEM })) }),
        '/b': post({ '201': body({ properties: { next_steps: { type: 'array', items: { type: 'object', properties: PROPS } } } }) }),
      },
      {},
      '3.1.0',
    ),
    errors: ['action', 'method', 'href', 'description'].map(field => ({
      path: at('/b', 'post', '201', ...JSON_SCHEMA, 'properties', 'next_steps', 'items'),
      message: unrequired('POST /b 201', field, 'next_steps'),
    })),
  },
  {
    name: 'OpenAPI 3.2 is checked like 3.1',
    document: oas3(
      { '/payments': post({ '201': body(envelope({ type: 'array', items: { ...ITEM, required: ['action', 'method', 'description'] } })) }) },
      {},
      '3.2.0',
    ),
    errors: [{ path: at('/payments', 'post', '201', ...ITEMS_AT), ...FIELD_NOT_REQUIRED }],
  },
  {
    name: 'x-ax-exempt on the operation or the path item silences the rule there',
    document: oas3({
      '/rpc': {
        post: {
          'x-ax-exempt': { 'ax-envelope-next-steps-shape': 'JSON-RPC result carries its own links' },
          responses: { '200': body(envelope({ type: 'string' })) },
        },
      },
      '/legacy': {
        'x-ax-exempt': { 'ax-envelope-next-steps-shape': 'Frozen legacy endpoint, removed in v3' },
        post: { responses: { '200': body(envelope({ type: 'string' })) } },
      },
    }),
    errors: [],
  },
  {
    name: 'functionOptions rename the envelope and the item fields (in the order action, method, href, description)',
    document: RENAMED,
    functionOptions: { nextSteps: ['links'], nextStepItem: ['title', 'verb', 'url', 'summary'] },
    errors: RENAMED_ERRORS,
  },
  {
    name: 'the same, with `nextStepItem` by role ({ method: verb }) instead of in role order',
    document: RENAMED,
    functionOptions: { nextSteps: ['links'], nextStepItem: { action: 'title', method: 'verb', href: 'url', description: 'summary' } },
    errors: RENAMED_ERRORS,
  },
  {
    name: 'terminates on a schema that contains itself',
    document: oas3(
      { '/nodes': post({ '201': body(ref('Node')) }) },
      { schemas: { Node: { type: 'object', properties: { children: { type: 'array', items: ref('Node') }, nextSteps: NEXT_STEPS } } } },
    ),
    errors: [],
  },
  {
    name: 'garbage gives silence or a diagnostic, never an exception',
    document: oas3(
      {
        '/a': post({ '201': body('not a schema') }),
        '/b': post({ '201': body(envelope({ type: 'array', items: ref('Missing') })) }),
        '/c': post({ '201': body(envelope('a string')) }),
        '/d': { post: { responses: null } },
        '/e': post({ '201': body(envelope(ref('Missing'))) }),
        '/f': post({ '201': body(stepsOf({ ...ITEM, properties: { ...PROPS, method: ref('Missing') } })) }),
      },
      {},
    ),
    errors: [],
  },
]);
