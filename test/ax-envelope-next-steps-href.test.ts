import { at, EXAMPLE, NEXT_STEPS, oas3, ref, swagger2, withExample } from './support/documents';
import { testRule } from './support/testRule';
import { component } from './support/components';

/** What several cases expect the rule to say. */
const UNDECLARED_PATH = {
  messageId: 'undeclaredPath',
  data: { href: '/v1/records/r1/receipt', guess: { messageId: 'didYouMean', data: { path: '/v1/records/{id}/receipts' } } },
};
const UNDECLARED_METHOD = {
  messageId: 'undeclaredMethod',
  data: { method: 'GET', href: '/v1/records/r1/receipts', path: '/v1/records/{id}/receipts', declared: 'only POST', lowerMethod: 'get' },
};

const SCHEMA = { type: 'object', properties: { id: { type: 'string' }, nextSteps: NEXT_STEPS } };
const step = (method: string, href: string) => ({ action: 'Next', method, href, description: 'What comes next.' });
/** Spectral reports array indices in a path as strings. */
const hrefAt = (path: string, method: string, status: string, i: number) => [...at(path, method, status, ...EXAMPLE), 'nextSteps', String(i), 'href'];

/** The routes of the Agent-UX Envelope’s worked example, under a server whose base path is /v1. */
const RECORD_PATHS = {
  '/records': { post: { responses: {} } },
  '/records/{id}': { get: { responses: {} }, delete: { responses: {} } },
  '/records/{id}/receipts': { post: { responses: {} } },
  '/records/{id}/cancel': { post: { responses: {} } },
  '/records/search': { get: { responses: {} } },
};
const api = (created: object, extra: object = {}, components: object = {}, openapi = '3.0.3') => ({
  ...oas3({ ...RECORD_PATHS, '/records': { post: { responses: { '201': created } } }, ...extra }, components, openapi),
  servers: [{ url: 'https://api.example.com/v1' }],
});

/** The Agent-UX Envelope’s 201 payload: three steps, all concrete and declared. */
const SOURCE_CREATED = {
  id: '019d3b10-03cb-7b00-9f3e-f1a2c3d4e5f6',
  status: 'ACTIVE',
  nextSteps: [
    step('POST', '/v1/records/019d3b10-03cb-.../receipts'),
    step('POST', '/v1/records/019d3b10-03cb-.../cancel'),
    step('GET', '/v1/records/019d3b10-03cb-...'),
  ],
};

/** Where the href of the shared example `Created`'s first step is written. */
const CREATED_HREF = component('examples', 'Created', 'value', 'nextSteps', '0', 'href');
/** A response whose JSON example is the shared `Created` example. */
const sharedExample = (description: string) => ({
  description,
  content: { 'application/json': { schema: SCHEMA, examples: { created: ref('Created', 'examples') } } },
});
const CREATED_EXAMPLE = { examples: { Created: { value: { nextSteps: [step('POST', '/v1/records/r1/receipt')] } } } };

testRule('ax-envelope-next-steps-href', [
  {
    name: 'stays silent on the Agent-UX Envelope’s worked example: every href resolves under the server base path',
    document: api(withExample(SOURCE_CREATED, SCHEMA)),
    errors: [],
  },
  {
    name: 'fires on a typo of a real path, naming the nearest one, on the href of the inline example',
    document: api(withExample({ nextSteps: [step('POST', '/v1/record/42/receipt'), step('GET', '/v1/records/42')] }, SCHEMA)),
    errors: [
      {
        path: hrefAt('/records', 'post', '201', 0),
        messageId: 'undeclaredPath',
        data: { href: '/v1/record/42/receipt', guess: { messageId: 'didYouMean', data: { path: '/v1/records/{id}/receipts' } } },
      },
    ],
  },
  {
    name: 'fires on a method the path does not declare, listing the ones it does',
    document: api(withExample({ nextSteps: [step('PUT', '/v1/records/42/cancel'), step('patch', '/v1/records/42')] }, SCHEMA)),
    errors: [
      {
        path: hrefAt('/records', 'post', '201', 0),
        messageId: 'undeclaredMethod',
        data: { method: 'PUT', href: '/v1/records/42/cancel', path: '/v1/records/{id}/cancel', declared: 'only POST', lowerMethod: 'put' },
      },
      {
        path: hrefAt('/records', 'post', '201', 1),
        messageId: 'undeclaredMethod',
        data: { method: 'patch', href: '/v1/records/42', path: '/v1/records/{id}', declared: 'only GET, DELETE', lowerMethod: 'patch' },
      },
    ],
  },
  {
    name: 'a concrete path wins over a template: DELETE on /records/search is not DELETE on /records/{id}',
    document: api(withExample({ nextSteps: [step('DELETE', '/v1/records/search'), step('GET', '/v1/records/search?q=late')] }, SCHEMA)),
    errors: [
      {
        path: hrefAt('/records', 'post', '201', 0),
        messageId: 'undeclaredMethod',
        data: { method: 'DELETE', href: '/v1/records/search', path: '/v1/records/search', declared: 'only GET', lowerMethod: 'delete' },
      },
    ],
  },
  {
    name: 'templates that match as literally all count: their methods together, the path of the first declared',
    document: api(
      withExample(
        { nextSteps: [step('DELETE', '/v1/records/search/receipts'), step('GET', '/v1/records/search/receipts'), step('POST', '/v1/records/search/receipts')] },
        SCHEMA,
      ),
      { '/records/search/{kind}': { get: { responses: {} } } },
    ),
    errors: [
      {
        path: hrefAt('/records', 'post', '201', 0),
        messageId: 'undeclaredMethod',
        data: { method: 'DELETE', href: '/v1/records/search/receipts', path: '/v1/records/{id}/receipts', declared: 'only POST, GET', lowerMethod: 'delete' },
      },
    ],
  },
  {
    name: 'a path that starts with a template is matched too: any first segment reaches it',
    document: api(withExample({ nextSteps: [step('GET', '/v1/acme/reports'), step('DELETE', '/v1/acme/reports')] }, SCHEMA), {
      '/{tenant}/reports': { get: { responses: {} } },
    }),
    errors: [
      {
        path: hrefAt('/records', 'post', '201', 1),
        messageId: 'undeclaredMethod',
        data: { method: 'DELETE', href: '/v1/acme/reports', path: '/v1/{tenant}/reports', declared: 'only GET', lowerMethod: 'delete' },
      },
    ],
  },
  {
    name: 'fires on an href that still holds a {template}, in the path or in the query',
    document: api(withExample({ nextSteps: [step('GET', '/v1/records/{id}'), step('GET', '/v1/records/search?cursor={cursor}')] }, SCHEMA)),
    errors: [
      { path: hrefAt('/records', 'post', '201', 0), messageId: 'templatedHref', data: { href: '/v1/records/{id}', placeholder: '{id}' } },
      { path: hrefAt('/records', 'post', '201', 1), messageId: 'templatedHref', data: { href: '/v1/records/search?cursor={cursor}', placeholder: '{cursor}' } },
    ],
  },
  {
    name: 'absolute URLs, query strings, fragments, trailing slashes and hrefs relative to the server URL resolve',
    document: api(
      withExample(
        {
          nextSteps: [
            step('GET', 'https://api.example.com/v1/records/r1'),
            step('GET', '/v1/records/r1?expand=receipts#top'),
            step('POST', '/v1/records/r1/receipts/'),
            step('POST', 'records/r1/cancel'),
          ],
        },
        SCHEMA,
      ),
    ),
    errors: [],
  },
  {
    name: 'an href without the server base path fires, suggesting the path with it',
    document: api(withExample({ nextSteps: [step('GET', '/records/r1')] }, SCHEMA)),
    errors: [
      {
        path: hrefAt('/records', 'post', '201', 0),
        messageId: 'undeclaredPath',
        data: { href: '/records/r1', guess: { messageId: 'didYouMean', data: { path: '/v1/records/{id}' } } },
      },
    ],
  },
  {
    name: 'server variables are replaced by their defaults; with no servers the base is /',
    document: {
      ...oas3({
        '/records': { post: { responses: { '201': withExample({ nextSteps: [step('GET', '/v2/records/r1')] }, SCHEMA) } } },
        '/records/{id}': { get: { responses: {} } },
      }),
      servers: [{ url: 'https://{region}.example.com/{version}', variables: { region: { default: 'eu' }, version: { default: 'v2', enum: ['v2'] } } }],
    },
    errors: [],
  },
  {
    name: 'no servers: an href with an unknown prefix fires, with no guess when nothing is close',
    document: oas3({
      '/records': {
        post: { responses: { '201': withExample({ nextSteps: [step('GET', '/records'), step('GET', '/billing/invoices/in_1/lines')] }, SCHEMA) } },
      },
    }),
    errors: [
      {
        path: hrefAt('/records', 'post', '201', 0),
        messageId: 'undeclaredMethod',
        data: { method: 'GET', href: '/records', path: '/records', declared: 'only POST', lowerMethod: 'get' },
      },
      { path: hrefAt('/records', 'post', '201', 1), messageId: 'undeclaredPath', data: { href: '/billing/invoices/in_1/lines', guess: '' } },
    ],
  },
  {
    name: 'named examples through $ref to components/examples, shared by two operations: one diagnostic, on the shared example’s href',
    document: api(sharedExample('Created'), { '/records/{id}/receipts': { post: { responses: { '200': sharedExample('OK') } } } }, CREATED_EXAMPLE),
    errors: [{ path: CREATED_HREF, ...UNDECLARED_PATH }],
  },
  {
    name: 'an operation exempt from the rule is no user of the shared example; when every user is exempt the finding goes',
    document: api(
      sharedExample('Created'),
      {
        '/records/{id}/receipts': {
          post: { 'x-ax-exempt': { 'ax-envelope-next-steps-href': 'Steps point at the partner API' }, responses: { '200': sharedExample('OK') } },
        },
        '/records/{id}/cancel': {
          post: { 'x-ax-exempt': { 'ax-envelope-next-steps-href': 'Steps point at the partner API' }, responses: { '200': ref('Cancelled', 'responses') } },
        },
      },
      {
        ...CREATED_EXAMPLE,
        responses: { Cancelled: withExample({ nextSteps: [step('GET', '/v1/nowhere')] }, SCHEMA) },
      },
    ),
    errors: [{ path: CREATED_HREF, ...UNDECLARED_PATH }],
  },
  {
    name: 'a components/responses entry shared by two operations gives one diagnostic, on the shared response’s example (OpenAPI 3.2)',
    document: api(
      ref('Created', 'responses'),
      { '/records/{id}/cancel': { post: { responses: { '200': ref('Created', 'responses') } } } },
      { responses: { Created: withExample({ nextSteps: [step('DELETE', '/v1/records/r1/receipts')] }, SCHEMA) } },
      '3.2.0',
    ),
    errors: [
      {
        path: component('responses', 'Created', ...EXAMPLE, 'nextSteps', '0', 'href'),
        messageId: 'undeclaredMethod',
        data: { method: 'DELETE', href: '/v1/records/r1/receipts', path: '/v1/records/{id}/receipts', declared: 'only POST', lowerMethod: 'delete' },
      },
    ],
  },
  {
    name: 'schema example through $ref (OpenAPI 3.1 examples array) and nested envelopes in a list are read',
    document: api(
      { description: 'Created', content: { 'application/json': { schema: ref('Created') } } },
      {
        '/records/search': {
          get: {
            responses: {
              '200': {
                description: 'Page',
                content: {
                  'application/json': {
                    example: {
                      data: [
                        { id: 'r1', nextSteps: [step('GET', '/v1/records/r1')] },
                        { id: 'r2', nextSteps: [step('POST', '/v1/records/r2/cancell')] },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
      { schemas: { Created: { ...SCHEMA, examples: [{ nextSteps: [step('GET', '/v1/records/r1/receipts')] }] } } },
      '3.1.0',
    ),
    errors: [
      {
        path: [...at('/records/search', 'get', '200', ...EXAMPLE), 'data', '1', 'nextSteps', '0', 'href'],
        messageId: 'undeclaredPath',
        data: { href: '/v1/records/r2/cancell', guess: { messageId: 'didYouMean', data: { path: '/v1/records/{id}/cancel' } } },
      },
      {
        path: component('schemas', 'Created', 'examples', '0', 'nextSteps', '0', 'href'),
        ...UNDECLARED_METHOD,
      },
    ],
  },
  {
    name: 'error responses that carry nextSteps in their example are checked too, and an error wrapper is looked into',
    document: api(withExample(SOURCE_CREATED, SCHEMA), {
      '/records/{id}/cancel': {
        post: {
          responses: {
            '409': {
              description: 'Conflict',
              content: {
                'application/problem+json': { example: { error: { code: 'ALREADY_SETTLED', nextSteps: [step('POST', '/v1/records/r1/disputes')] } } },
              },
            },
          },
        },
      },
    }),
    errors: [
      {
        path: [...at('/records/{id}/cancel', 'post', '409', 'content', 'application/problem+json', 'example'), 'error', 'nextSteps', '0', 'href'],
        messageId: 'undeclaredPath',
        data: { href: '/v1/records/r1/disputes', guess: { messageId: 'didYouMean', data: { path: '/v1/records/{id}/receipts' } } },
      },
    ],
  },
  {
    name: 'Swagger 2.0: basePath is stripped, produces examples are read',
    document: swagger2(
      {
        '/records': {
          post: {
            responses: {
              '201': {
                description: 'Created',
                schema: SCHEMA,
                examples: { 'application/json': { nextSteps: [step('GET', '/api/records/r1'), step('GET', '/records/r1')] } },
              },
            },
          },
        },
        '/records/{id}': { get: { responses: {} } },
      },
      { basePath: '/api' },
    ),
    errors: [
      {
        path: at('/records', 'post', '201', 'examples', 'application/json', 'nextSteps', '1', 'href'),
        messageId: 'undeclaredPath',
        data: { href: '/records/r1', guess: { messageId: 'didYouMean', data: { path: '/api/records/{id}' } } },
      },
    ],
  },
  {
    name: 'x-ax-exempt on the operation silences the rule there',
    document: api(
      { ...withExample({ nextSteps: [step('GET', '/v1/nowhere')] }, SCHEMA) },
      {
        '/records/{id}/cancel': {
          post: {
            'x-ax-exempt': { 'ax-envelope-next-steps-href': 'Steps point at the partner API' },
            responses: { '200': withExample({ nextSteps: [step('GET', '/v1/nowhere')] }, SCHEMA) },
          },
        },
      },
    ),
    errors: [{ path: hrefAt('/records', 'post', '201', 0), messageId: 'undeclaredPath', data: { href: '/v1/nowhere', guess: '' } }],
  },
  {
    name: 'functionOptions rename the envelope and the item fields',
    document: api(
      withExample({ links: [{ rel: 'self', verb: 'GET', url: '/v1/records/r1/receipts' }], nextSteps: [step('GET', '/v1/nowhere/at/all')] }, SCHEMA),
    ),
    functionOptions: { nextSteps: ['links'], nextStepItem: ['rel', 'verb', 'url', 'title'] },
    errors: [
      {
        path: [...at('/records', 'post', '201', ...EXAMPLE), 'links', '0', 'url'],
        ...UNDECLARED_METHOD,
      },
    ],
  },
  {
    name: 'garbage gives silence, never an exception',
    document: {
      ...api(withExample('not an object', SCHEMA), {
        '/a': { post: { responses: { '201': withExample({ nextSteps: 'soon' }, SCHEMA) } } },
        '/b': { post: { responses: { '201': withExample({ nextSteps: [null, 'x', { href: 42 }, { href: '/v1/records/r1' }] }, SCHEMA) } } },
        '/c': {
          post: { responses: { '201': { description: 'x', content: { 'application/json': { examples: { a: ref('Missing', 'examples'), b: null } } } } } },
        },
        '/d': { post: { responses: null } },
        '/e': null,
      }),
      servers: [null, { url: 42 }, { url: '/v1' }],
    },
    errors: [],
  },
]);
