/**
 * The shapes whose scope the audit found wrong (lib/semantics/scope.ts): POSTs that only read, OAuth 2.0 token and
 * login endpoints, webhooks described under `paths`, and POSTs deduplicated by an `Idempotency-Key`.
 * Each rule, the report's applicability and the runtime guard ask the same predicate.
 */
import { checkResponse } from '../runtime';
import { at, body, JSON_SCHEMA, oas3, PAYMENT, ref, swagger2 } from './support/documents';
import { fixAndRelint, runRule, testRule } from './support/testRule';
import { component, usedBy } from './support/components';

const STEP = '[{ action, method, href, description }] (all required, `method` an HTTP-method enum)';
const notDeclared = (where: string) => `${where}: no \`nextSteps\`. Add \`nextSteps\`: ${STEP} to the application/json schema.`;
const missing = (method: string, path: string, status: string) => notDeclared(`${method} ${path} ${status}`);
/** The same, for a POST named like a read but overruled by its own declarations, and why. */
const overruled = (operation: string, status: string, why: string) =>
  `${operation} ${status}, ${why}: no \`nextSteps\`. Add \`nextSteps\`: ${STEP} to the application/json schema.`;
/** The message when the body's schema is shared with reads or a request: the steps go into an envelope for this response only. */
const enveloped = (response: string, shared: string) => `${response}: no \`nextSteps\`. Answer an \`allOf\` of \`${shared}\` and \`nextSteps\`: ${STEP}.`;
const RESULTS = { type: 'object', properties: { items: { type: 'array', items: PAYMENT } } };
const TOKEN = {
  type: 'object',
  required: ['access_token', 'token_type'],
  properties: { access_token: { type: 'string' }, token_type: { type: 'string' }, expires_in: { type: 'integer' } },
};
const post = (node: object, responses: object) => ({ post: { ...node, responses } });
const noFlag = (operation: string, fix: string) => `${operation}: no \`x-ax-retryable\`, so an agent cannot tell if retrying a failed call is safe. ${fix}`;
const ERROR_RESPONSES = (where: string) =>
  `${where}: no 4xx error response. Add a \`400\`, \`422\` or \`default\` response whose JSON schema has \`code\`, \`message\` and \`recoveryHint\`; your error handler must then send this body for validation errors too.`;
const IDEMPOTENCY_KEY = { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } };

testRule('ax-envelope-next-steps', [
  {
    name: 'a POST named like a query that answers 200 only reads: by operationId (past a leading `Batch`: AWS ECR), by summary, by last path segment (OpenAPI 3.1)',
    document: oas3(
      {
        '/orders/query': post({ operationId: 'searchOrders' }, { '200': body(RESULTS) }),
        '/#X-Amz-Target=ECR.BatchCheckLayerAvailability': post({ operationId: 'BatchCheckLayerAvailability' }, { '200': body(RESULTS) }),
        '/quotes': post({ summary: 'Calculate a shipping quote' }, { '200': body(ref('Results')) }),
        '/addresses/validate': post({}, { '200': body({ allOf: [ref('Results')] }) }),
      },
      { schemas: { Results: RESULTS } },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: 'a read-only POST in Swagger 2.0, its 200 body a $ref to definitions',
    document: swagger2(
      { '/orders/search': { post: { summary: 'Search orders', responses: { '200': { description: 'Found', schema: { $ref: '#/definitions/Results' } } } } } },
      { definitions: { Results: RESULTS } },
    ),
    errors: [],
  },
  {
    name: 'still a mutation: a query-like name answering 201, a creating name, and `x-ax-read-only: false`; a `Batch` of deletes is a deletion, not a read',
    document: oas3({
      '/orders/search': post({}, { '201': body(PAYMENT) }),
      '/orders': post({ operationId: 'createOrder' }, { '200': body(PAYMENT) }),
      '/checks/verify': post({ 'x-ax-read-only': false }, { '200': body(PAYMENT) }),
      '/#X-Amz-Target=ECR.BatchDeleteImage': post({ operationId: 'BatchDeleteImage' }, { '200': body(PAYMENT) }),
    }),
    errors: [
      {
        path: at('/orders/search', 'post', '201', ...JSON_SCHEMA),
        message: overruled('POST /orders/search', '201', 'named `/search` like a read, but it answers 201'),
      },
      { path: at('/orders', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/orders', '200') },
      { path: at('/checks/verify', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/checks/verify', '200') },
    ],
  },
  {
    name: 'said explicitly where names do not: `x-ax-read-only: true`, or the `readOnly` option by operationId or `METHOD /path`',
    document: oas3({
      '/graphql': post({ 'x-ax-read-only': true }, { '200': body(RESULTS) }),
      '/rpc/list': post({ operationId: 'listThings' }, { '200': body(RESULTS) }),
      '/reports': post({}, { '200': body(RESULTS) }),
    }),
    functionOptions: { readOnly: ['listThings', 'post /reports'] },
    errors: [],
  },
  {
    name: "an OAuth 2.0 token endpoint is not asked for next steps: a scheme's `tokenUrl` (Swagger 2.0), a token in the body ($ref), a login",
    document: swagger2(
      {
        '/oauth/token': { post: { responses: { '200': { description: 'Token', schema: { type: 'object', properties: { id_token: { type: 'string' } } } } } } },
        '/sessions': { post: { responses: { '200': { description: 'Token', schema: { $ref: '#/definitions/Token' } } } } },
        '/auth/login': { post: { responses: { '200': { description: 'Signed in', schema: PAYMENT } } } },
      },
      {
        securityDefinitions: { oauth: { type: 'oauth2', flow: 'application', tokenUrl: 'https://auth.example.com/oauth/token', scopes: {} } },
        definitions: { Token: TOKEN },
      },
    ),
    errors: [],
  },
  {
    name: 'a POST that creates a token resource is still a mutation (OpenAPI 3 clientCredentials flow elsewhere)',
    document: oas3(
      { '/api-tokens': post({}, { '201': body(PAYMENT) }) },
      { securitySchemes: { oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } } } } },
    ),
    errors: [{ path: at('/api-tokens', 'post', '201', ...JSON_SCHEMA), message: missing('POST', '/api-tokens', '201') }],
  },
  {
    name: 'a webhook described under `paths` is the API calling the consumer; a subscription endpoint under the same tag is called by the agent',
    document: oas3({
      '/hooks/order-created': post(
        { tags: ['Webhooks'], requestBody: { content: { 'application/json': { schema: PAYMENT } } } },
        { '200': { description: 'Acknowledged' } },
      ),
      '/hooks/order-shipped': post(
        {
          summary: 'Order shipped',
          description: 'This event is sent to your endpoint when an order ships.',
          requestBody: { content: { 'application/json': { schema: PAYMENT } } },
        },
        { '204': { description: 'Acknowledged' } },
      ),
      '/repos/dispatches': post(
        { description: 'Triggers a webhook event called `repository_dispatch` (corpus: GitHub).' },
        { '204': { description: 'Dispatched' } },
      ),
      '/webhooks': post({ tags: ['Webhooks'] }, { '201': body(PAYMENT) }),
    }),
    errors: [{ path: at('/webhooks', 'post', '201', ...JSON_SCHEMA), message: missing('POST', '/webhooks', '201') }],
  },
]);

testRule('ax-recoverable-error-responses', [
  {
    name: 'an operation that triggers a webhook event is called by the agent: judged like any other (corpus: GitHub)',
    document: oas3({
      '/repos/dispatches': post({ description: 'Triggers a webhook event called `repository_dispatch`.' }, { '204': { description: 'Dispatched' } }),
    }),
    errors: [{ path: ['paths', '/repos/dispatches', 'post', 'responses'], message: ERROR_RESPONSES('POST /repos/dispatches') }],
  },
]);

testRule('ax-recoverable-retryable', [
  {
    name: 'a read-only POST and a POST with an `Idempotency-Key` are told to say `true`; any other POST `false`',
    document: oas3(
      {
        '/orders/search': post({}, { '200': body(RESULTS) }),
        '/payments': post({ parameters: [IDEMPOTENCY_KEY] }, { '201': body(PAYMENT) }),
        '/refunds': post({ parameters: [ref('IdempotencyKey', 'parameters')] }, { '201': body(PAYMENT) }),
        '/orders': post({}, { '201': body(PAYMENT) }),
      },
      { parameters: { IdempotencyKey: IDEMPOTENCY_KEY } },
    ),
    errors: [
      {
        path: ['paths', '/orders/search', 'post'],
        message: noFlag(
          'POST /orders/search',
          'Add `x-ax-retryable: true` to the operation: named `/search` and answering 200, it only reads, so a repeat is safe.',
        ),
      },
      {
        path: ['paths', '/payments', 'post'],
        message: noFlag('POST /payments', 'Add `x-ax-retryable: true` to the operation: a retry with the same `Idempotency-Key` acts once.'),
      },
      {
        path: ['paths', '/refunds', 'post'],
        message: noFlag('POST /refunds', 'Add `x-ax-retryable: true` to the operation: a retry with the same `Idempotency-Key` acts once.'),
      },
      {
        path: ['paths', '/orders', 'post'],
        message: noFlag('POST /orders', 'Add `x-ax-retryable: false` to the operation (`true` if a repeat cannot create a duplicate or a second effect).'),
      },
    ],
  },
  {
    name: 'a webhook under `paths` is not asked (Swagger 2.0 body parameter)',
    document: swagger2({
      '/hooks/order-created': post(
        { tags: ['webhooks'], parameters: [{ in: 'body', name: 'event', schema: PAYMENT }] },
        { '204': { description: 'Acknowledged' } },
      ),
    }),
    errors: [],
  },
  {
    name: 'deleting a webhook subscription under a `Webhooks` tag is called by the agent (corpus: LaunchDarkly)',
    document: oas3({ '/webhooks/{id}': { delete: { tags: ['Webhooks'], responses: { '204': { description: 'Deleted' } } } } }),
    errors: [
      {
        path: ['paths', '/webhooks/{id}', 'delete'],
        message: noFlag('DELETE /webhooks/{id}', 'Add `x-ax-retryable: true` to the operation: DELETE is idempotent (RFC 9110), so a repeat acts once.'),
      },
    ],
  },
]);

testRule('ax-recoverable-idempotent', [
  {
    name: 'a POST with an `Idempotency-Key` and `x-ax-retryable: false` is told to make the two agree',
    document: oas3({
      '/payments': post({ 'x-ax-retryable': false, parameters: [IDEMPOTENCY_KEY] }, { '201': body(PAYMENT) }),
      '/refunds': post({ parameters: [IDEMPOTENCY_KEY] }, { '201': body(PAYMENT) }),
    }),
    errors: [
      {
        path: ['paths', '/payments', 'post'],
        message:
          'POST /payments: takes an `Idempotency-Key` header but has no `x-ax-idempotent`, so an agent cannot tell a retry with the same key is safe. Add `x-ax-idempotent: true` to the operation, and set `x-ax-retryable: true`.',
      },
      {
        path: ['paths', '/refunds', 'post'],
        message:
          'POST /refunds: takes an `Idempotency-Key` header but has no `x-ax-idempotent`, so an agent cannot tell a retry with the same key is safe. Add `x-ax-idempotent: true` to the operation.',
      },
    ],
  },
]);

describe('following the advice clears both rules, and triggers no other', () => {
  test('`x-ax-retryable: true` and `x-ax-idempotent: true` on a POST with an `Idempotency-Key`', async () => {
    const fixed = oas3({ '/payments': post({ 'x-ax-retryable': true, 'x-ax-idempotent': true, parameters: [IDEMPOTENCY_KEY] }, { '201': body(PAYMENT) }) });
    const rules = ['ax-recoverable-retryable', 'ax-recoverable-idempotent', 'ax-extensions-valid'] as const;
    expect((await Promise.all(rules.map(rule => runRule(rule, fixed)))).flat()).toEqual([]);
  });

  test('`x-ax-read-only: true` is a known extension, and a non-boolean one is reported', async () => {
    const marked = (value: unknown) => oas3({ '/graphql': post({ 'x-ax-read-only': value }, { '200': body(RESULTS) }) });
    expect(await runRule('ax-extensions-valid', marked(true))).toEqual([]);
    expect((await runRule('ax-extensions-valid', marked('yes'))).map(result => result.path)).toEqual([['paths', '/graphql', 'post', 'x-ax-read-only']]);
  });
});

describe('the runtime guard asks the same scope', () => {
  const API = oas3({
    '/orders/search': post({ operationId: 'searchOrders' }, { '200': body(RESULTS) }),
    '/orders': post({}, { '201': body(PAYMENT) }),
    '/hooks/order-created': post(
      { tags: ['Webhooks'], requestBody: { content: { 'application/json': { schema: PAYMENT } } } },
      { '200': { description: 'Acknowledged' } },
    ),
  });
  const rules = (path: string, status: number, sent: unknown) =>
    checkResponse(API, { method: 'POST', path, status, headers: {}, body: sent }).map(found => found.rule);

  test('a read-only POST sends no next steps without a violation; a creating POST does not', () => {
    expect(rules('/orders/search', 200, { items: [] })).toEqual([]);
    expect(rules('/orders', 201, { id: 'o1' })).toEqual(['ax-envelope-next-steps']);
  });

  test('a webhook route is not judged', () => {
    expect(rules('/hooks/order-created', 400, { oops: true })).toEqual([]);
  });

  test('the `readOnly` option, as the rule takes it, spares a POST whose name does not say it reads', async () => {
    const reports = oas3({ '/reports': post({ operationId: 'runReport' }, { '200': body(RESULTS) }) });
    const sent = { method: 'POST', path: '/reports', status: 200, headers: {}, body: { items: [] } };
    expect(checkResponse(reports, sent).map(found => found.rule)).toEqual(['ax-envelope-next-steps']);
    expect(checkResponse(reports, sent, { readOnly: ['runReport'] })).toEqual([]);
    expect(checkResponse(reports, sent, { readOnly: ['POST /reports'] })).toEqual([]);
    expect(await runRule('ax-envelope-next-steps', reports, { readOnly: ['runReport'] })).toEqual([]);
  });
});

/**
 * Each shape again in the variants the audit asked for: Swagger 2.0 and OpenAPI 3.1, through `$ref` and
 * `allOf`, one case that must stay silent and one that must fire.
 */
const SWAGGER_STEPS = (path: string, status: string) => ['paths', path, 'post', 'responses', status, 'schema'];
const swaggerPost = (node: object, status: string, schema: object) => ({ post: { ...node, responses: { [status]: { description: 'Done', schema } } } });

testRule('ax-envelope-next-steps', [
  {
    name: 'read-only POST, Swagger 2.0: a query-like name answering 201 (allOf of a $ref) still fires; `x-ax-read-only: true` stays silent',
    document: swagger2(
      {
        '/orders/search': swaggerPost({ operationId: 'searchOrders' }, '201', { allOf: [{ $ref: '#/definitions/Results' }] }),
        '/graphql': swaggerPost({ 'x-ax-read-only': true }, '200', { $ref: '#/definitions/Results' }),
      },
      { definitions: { Results: RESULTS } },
    ),
    errors: [
      {
        path: SWAGGER_STEPS('/orders/search', '201'),
        message: overruled('POST /orders/search', '201', 'named `searchOrders` like a read, but it answers 201'),
      },
    ],
  },
  {
    name: 'token endpoint, OpenAPI 3.1: a token body through allOf of a $ref stays silent; a body with `access_token` but no `token_type` is no token and fires',
    document: oas3(
      {
        '/sessions': post({}, { '200': body({ allOf: [ref('Token')] }) }),
        '/keys': post({}, { '200': body({ allOf: [ref('Key')] }) }),
      },
      { schemas: { Token: TOKEN, Key: { type: 'object', properties: { access_token: { type: 'string' } } } } },
      '3.1.0',
    ),
    errors: [{ path: at('/keys', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/keys', '200') }],
  },
  {
    name: 'webhook, OpenAPI 3.1: a `Callbacks`-tagged POST with a $ref request body stays silent; one answering with a JSON body ($ref) is called by the agent and fires, on the schema',
    document: oas3(
      {
        '/callbacks/payment': post({ tags: ['Callbacks'], requestBody: ref('Event', 'requestBodies') }, { '204': { description: 'Acknowledged' } }),
        '/callbacks': post({ tags: ['Callbacks'], requestBody: ref('Event', 'requestBodies') }, { '201': body(ref('Subscription')) }),
      },
      { requestBodies: { Event: { content: { 'application/json': { schema: PAYMENT } } } }, schemas: { Subscription: PAYMENT } },
      '3.1.0',
    ),
    errors: [{ path: component('schemas', 'Subscription'), message: notDeclared(usedBy('Subscription', 'POST /callbacks 201')) }],
  },
  {
    name: 'a schema only mutations answer gets `nextSteps` once, on it: a webhook the API calls that answers it too is not among its users',
    document: {
      ...oas3(
        {
          '/subscriptions': post({}, { '201': body(ref('Subscription')) }),
          '/subscriptions/{id}/renew': post({}, { '200': body(ref('Subscription')) }),
        },
        { schemas: { Subscription: PAYMENT } },
        '3.1.0',
      ),
      webhooks: { subscriptionRenewed: post({ requestBody: { content: { 'application/json': { schema: PAYMENT } } } }, { '201': body(ref('Subscription')) }) },
    },
    errors: [{ path: component('schemas', 'Subscription'), message: notDeclared(usedBy('Subscription', 2)) }],
  },
  {
    // A required `nextSteps` in the shared schema would bind the exempt operation's handler too: each other user gets an envelope.
    name: 'a schema an exempt mutation answers too is left alone: the steps go into an envelope for each mutation the rule judges',
    document: oas3(
      {
        '/subscriptions': post({}, { '201': body(ref('Subscription')) }),
        '/subscriptions/{id}/renew': post({}, { '200': body(ref('Subscription')) }),
        '/subscriptions/import': post({ 'x-ax-exempt': { 'ax-envelope-next-steps': 'Bulk import, no next step' } }, { '201': body(ref('Subscription')) }),
      },
      { schemas: { Subscription: PAYMENT } },
      '3.1.0',
    ),
    errors: [
      { path: at('/subscriptions', 'post', '201', ...JSON_SCHEMA), message: enveloped('POST /subscriptions 201', 'Subscription') },
      { path: at('/subscriptions/{id}/renew', 'post', '200', ...JSON_SCHEMA), message: enveloped('POST /subscriptions/{id}/renew 200', 'Subscription') },
    ],
  },
  {
    name: 'webhook, Swagger 2.0: a POST tagged `Webhooks` described as sent to your endpoint stays silent; a subscription answering a $ref body fires',
    document: swagger2(
      {
        '/hooks/refund': {
          post: {
            tags: ['Webhooks'],
            description: 'Delivered to your endpoint when a refund settles.',
            parameters: [{ in: 'body', name: 'event', schema: { $ref: '#/definitions/Payment' } }],
            responses: { '200': { description: 'Acknowledged' } },
          },
        },
        '/hooks': swaggerPost({ tags: ['Webhooks'] }, '201', { $ref: '#/definitions/Payment' }),
      },
      { definitions: { Payment: PAYMENT } },
    ),
    errors: [
      {
        path: SWAGGER_STEPS('/hooks', '201'),
        // `Payment` is also the webhook's request body: the steps go into an envelope for this response.
        message: enveloped('POST /hooks 201', 'Payment'),
      },
    ],
  },
]);

const SWAGGER_KEY = { name: 'Idempotency-Key', in: 'header', required: false, type: 'string' };
const noIdempotent = (operation: string, agree = '', header = 'Idempotency-Key') =>
  `${operation}: takes an \`${header}\` header but has no \`x-ax-idempotent\`, so an agent cannot tell a retry with the same key is safe. Add \`x-ax-idempotent: true\` to the operation${agree}.`;

testRule('ax-recoverable-idempotent', [
  {
    name: 'Idempotency-Key, Swagger 2.0 (a $ref parameter): fires without the flag, and asks `x-ax-retryable: false` to agree; silent with both flags true',
    document: swagger2(
      {
        '/payments': swaggerPost({ 'x-ax-retryable': false, parameters: [{ $ref: '#/parameters/IdempotencyKey' }] }, '201', PAYMENT),
        '/refunds': swaggerPost({ 'x-ax-retryable': true, 'x-ax-idempotent': true, parameters: [{ $ref: '#/parameters/IdempotencyKey' }] }, '201', PAYMENT),
      },
      { parameters: { IdempotencyKey: SWAGGER_KEY } },
    ),
    errors: [{ path: ['paths', '/payments', 'post'], message: noIdempotent('POST /payments', ', and set `x-ax-retryable: true`') }],
  },
  {
    name: 'Idempotency-Key, OpenAPI 3.1 (a path-level $ref parameter, in any letter case): fires without the flag, naming the header as the API spells it; silent with it',
    document: oas3(
      {
        '/payments': { parameters: [ref('Key', 'parameters')], ...post({}, { '201': body(PAYMENT) }) },
        '/refunds': { parameters: [ref('Key', 'parameters')], ...post({ 'x-ax-idempotent': true, 'x-ax-retryable': true }, { '201': body(PAYMENT) }) },
      },
      { parameters: { Key: { ...IDEMPOTENCY_KEY, name: 'idempotency-key' } } },
      '3.1.0',
    ),
    errors: [{ path: ['paths', '/payments', 'post'], message: noIdempotent('POST /payments', '', 'idempotency-key') }],
  },
]);

testRule('ax-recoverable-retryable', [
  {
    name: 'Idempotency-Key and read-only POST, Swagger 2.0: both told to say `true`; the same advice the idempotent rule gives',
    document: swagger2({
      '/payments': swaggerPost({ parameters: [SWAGGER_KEY] }, '201', PAYMENT),
      '/orders/search': swaggerPost({}, '200', RESULTS),
      '/orders': swaggerPost({ 'x-ax-retryable': true, 'x-ax-idempotent': true, parameters: [SWAGGER_KEY] }, '201', PAYMENT),
    }),
    errors: [
      {
        path: ['paths', '/payments', 'post'],
        message: noFlag('POST /payments', 'Add `x-ax-retryable: true` to the operation: a retry with the same `Idempotency-Key` acts once.'),
      },
      {
        path: ['paths', '/orders/search', 'post'],
        message: noFlag(
          'POST /orders/search',
          'Add `x-ax-retryable: true` to the operation: named `/search` and answering 200, it only reads, so a repeat is safe.',
        ),
      },
    ],
  },
]);

/**
 * Operations by evidence (issue 26): a POST reads when its operationId or summary starts with a reading
 * verb, in the shapes real names take, and it answers 200 with nothing saying it creates or changes a
 * resource; the messages say which evidence was used. Names that look like reads but are not come first.
 */
/** ax-recoverable-retryable's finding on `POST path`: the value it advises, and why. */
const advised = (path: string, value: boolean, why: string) => ({
  path: ['paths', path, 'post'],
  message: noFlag(`POST ${path}`, `Add \`x-ax-retryable: ${value}\` to the operation${why}`),
});
const ORDER_REQUEST = { type: 'object', properties: { item: { type: 'string' }, quantity: { type: 'integer' } } };
const ORDER = { allOf: [ref('OrderRequest'), { type: 'object', properties: { id: { type: 'string' } } }] };

testRule('ax-envelope-next-steps', [
  {
    name: 'reading verbs in the shapes real names take stay silent: a camelCase id, a summary in the third person, GitHub’s namespace, Azure’s Noun_Verb, a snake_case resource noun',
    document: oas3(
      {
        '/risk': post({ operationId: 'assessRisk' }, { '200': body(RESULTS) }),
        '/products/list': post({ summary: 'Get product list' }, { '200': body(RESULTS) }),
        '/system/ping': post({ operationId: 'PostPingSystem', summary: 'Pings the system.' }, { '200': body(RESULTS) }),
        '/orgs/{org}/attestations/bulk-list': post({ operationId: 'orgs/list-attestations-bulk' }, { '200': body(RESULTS) }),
        '/deployments/{name}/exportTemplate': post({ operationId: 'Deployments_ExportTemplate' }, { '200': body(RESULTS) }),
        '/v2/apps/propose': post({ operationId: 'apps_validate_appSpec' }, { '200': body(RESULTS) }),
        '/prices/estimate': post({ operationId: 'evaluate-price', summary: 'Evaluate a price' }, { '200': body(ref('Results')) }),
      },
      { schemas: { Results: RESULTS } },
    ),
    errors: [],
  },
  {
    name: 'names that look like reads but are not: `getOrCreateSession`, `testConnection` answering 201, Twitter’s `listAddMember` (the List is the resource), a validation that echoes the request with an id (allOf of a $ref)',
    document: oas3(
      {
        '/sessions': post({ operationId: 'getOrCreateSession' }, { '200': body(PAYMENT) }),
        '/connections': post({ operationId: 'testConnection' }, { '201': body(PAYMENT) }),
        '/lists/{id}/members': post({ operationId: 'listAddMember' }, { '200': body(PAYMENT) }),
        '/orders/check': post(
          { operationId: 'checkOrder', requestBody: { content: { 'application/json': { schema: ref('OrderRequest') } } } },
          { '200': body(ref('Order')) },
        ),
      },
      { schemas: { OrderRequest: ORDER_REQUEST, Order: ORDER } },
    ),
    errors: [
      {
        path: at('/sessions', 'post', '200', ...JSON_SCHEMA),
        message: overruled('POST /sessions', '200', 'named `getOrCreateSession` like a read, but its name goes on to `create`'),
      },
      {
        path: at('/connections', 'post', '201', ...JSON_SCHEMA),
        message: overruled('POST /connections', '201', 'named `testConnection` like a read, but it answers 201'),
      },
      { path: at('/lists/{id}/members', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/lists/{id}/members', '200') },
      {
        path: at('/orders/check', 'post', '200', ...JSON_SCHEMA),
        // `Order`'s own part (`id`) is this response's alone: the steps go there, and the request's `OrderRequest` is left as it is.
        message: overruled('POST /orders/check', '200', "named `checkOrder` like a read, but its 200 body is the request's with an `id`"),
      },
    ],
  },
  {
    name: 'Stripe’s `/verify` (Swagger 2.0): an action on an item answering the item’s own schema changed it, though its path names a reading verb; `x-ax-read-only: true` still overrides',
    document: swagger2(
      {
        '/sources/{source}': { get: { responses: { '200': { description: 'The source', schema: { $ref: '#/definitions/Source' } } } } },
        '/sources/{source}/verify': swaggerPost({ operationId: 'PostSourcesSourceVerify' }, '200', { $ref: '#/definitions/Source' }),
        '/cards/{card}': { get: { responses: { '200': { description: 'The card', schema: { $ref: '#/definitions/Source' } } } } },
        '/cards/{card}/verify': swaggerPost({ 'x-ax-read-only': true }, '200', { $ref: '#/definitions/Source' }),
        '/addresses/{address}/validate': swaggerPost({}, '200', { $ref: '#/definitions/Verdict' }),
      },
      { definitions: { Source: PAYMENT, Verdict: RESULTS } },
    ),
    errors: [
      {
        path: SWAGGER_STEPS('/sources/{source}/verify', '200'),
        message: enveloped('POST /sources/{source}/verify 200, named `/verify` like a read, but it answers the item it acts on, `Source`', 'Source'),
      },
    ],
  },
  {
    name: 'OpenAPI 3.1: the item answered through oneOf of the update’s branches counts; a read answering a result of its own does not',
    document: oas3(
      {
        '/customers/{customer}/sources/{id}': post({ operationId: 'updateSource' }, { '200': body({ anyOf: [ref('Card'), ref('BankAccount')] }) }),
        '/customers/{customer}/sources/{id}/verify': post({ summary: 'Verify a bank account' }, { '200': body(ref('BankAccount')) }),
        '/customers/{customer}/sources/{id}/check': post({ summary: 'Check a bank account' }, { '200': body(ref('Verdict')) }),
      },
      { schemas: { Card: PAYMENT, BankAccount: PAYMENT, Verdict: RESULTS } },
      '3.1.0',
    ),
    errors: [
      {
        path: at('/customers/{customer}/sources/{id}', 'post', '200', ...JSON_SCHEMA),
        message: `POST /customers/{customer}/sources/{id} 200: 2 of its 2 oneOf/anyOf shapes lack \`nextSteps\`. Add \`nextSteps\`: ${STEP} to each branch.`,
      },
      {
        path: at('/customers/{customer}/sources/{id}/verify', 'post', '200', ...JSON_SCHEMA),
        message: overruled(
          'POST /customers/{customer}/sources/{id}/verify',
          '200',
          'named "Verify a bank account" like a read, but it answers the item it acts on, `BankAccount`',
        ),
      },
    ],
  },
]);

testRule('ax-recoverable-retryable', [
  {
    name: 'the advice names the evidence: the operationId, the summary, the extension, the option; a read-like name overruled says why',
    document: oas3({
      '/risk': post({ operationId: 'assessRisk' }, { '200': body(RESULTS) }),
      '/products/list': post({ summary: 'Get product list' }, { '200': body(RESULTS) }),
      '/graphql': post({ 'x-ax-read-only': true }, { '200': body(RESULTS) }),
      '/reports': post({ operationId: 'runReport' }, { '200': body(RESULTS) }),
      '/sessions': post({ operationId: 'getOrCreateSession' }, { '200': body(PAYMENT) }),
    }),
    functionOptions: { readOnly: ['runReport'] },
    errors: [
      advised('/risk', true, ': named `assessRisk` and answering 200, it only reads, so a repeat is safe.'),
      advised('/products/list', true, ': named "Get product list" and answering 200, it only reads, so a repeat is safe.'),
      advised('/graphql', true, ': `x-ax-read-only: true` says it only reads, so a repeat is safe.'),
      advised('/reports', true, ': the `readOnly` option says it only reads, so a repeat is safe.'),
      advised(
        '/sessions',
        false,
        ' (named `getOrCreateSession` like a read, but its name goes on to `create`; `true` if a repeat cannot create a duplicate or a second effect).',
      ),
    ],
  },
  {
    name: 'webhooks under `paths` in the wordings real descriptions use are not judged; webhook management under the same tags is',
    document: oas3(
      {
        // Just Eat: "… Webhooks" tags, "This webhook will be invoked …", a 200 without a body.
        '/acceptance-requested': post(
          {
            tags: ['Order Acceptance Webhooks'],
            summary: 'Acceptance requested',
            description: 'This webhook will be invoked whenever acceptance has been requested for the order.',
            requestBody: { content: { 'application/json': { schema: PAYMENT } } },
          },
          { '200': { description: 'OK' } },
        ),
        '/events/refund': post({ tags: ['Webhook events'], requestBody: ref('Event', 'requestBodies') }, { '204': { description: 'Received' } }),
        '/your/callback': post(
          { summary: 'Transfer settled', description: 'We will POST the transfer to your callback URL.', requestBody: ref('Event', 'requestBodies') },
          { '200': { description: 'Received' } },
        ),
        // Mist's `createSiteWebhook` and HubSpot's "Completes a batch of callbacks": an agent calls these.
        '/sites/{id}/webhooks': post(
          { tags: ['Sites Webhooks'], operationId: 'createSiteWebhook', requestBody: ref('Event', 'requestBodies') },
          { '200': { description: 'OK' } },
        ),
        '/callbacks/complete': post(
          { tags: ['Callbacks'], summary: 'Completes a batch of callbacks', requestBody: ref('Event', 'requestBodies') },
          { '204': { description: 'Done' } },
        ),
      },
      { requestBodies: { Event: { content: { 'application/json': { schema: PAYMENT } } } } },
      '3.1.0',
    ),
    errors: [
      advised('/sites/{id}/webhooks', false, ' (`true` if a repeat cannot create a duplicate or a second effect).'),
      advised('/callbacks/complete', false, ' (`true` if a repeat cannot create a duplicate or a second effect).'),
    ],
  },
  {
    name: 'a webhook whose description says it will be invoked, Swagger 2.0 (a body parameter, a `… Webhooks` tag), is not judged; Telegram’s setWebhook, which says the API will post to "the specified url", is',
    document: swagger2({
      '/hooks/payout': {
        post: {
          tags: ['Payout Webhooks'],
          description: 'This callback will be invoked when a payout settles.',
          parameters: [{ in: 'body', name: 'event', schema: PAYMENT }],
          responses: { '200': { description: 'Acknowledged' } },
        },
      },
      '/setWebhook': {
        post: {
          description: 'Whenever there is an update, we will send an HTTPS POST request to the specified url.',
          parameters: [{ in: 'body', name: 'hook', schema: PAYMENT }],
          responses: { '204': { description: 'Set' } },
        },
      },
    }),
    errors: [advised('/setWebhook', false, ' (`true` if a repeat cannot create a duplicate or a second effect).')],
  },
]);

/** POSTs that only read by what they say (issue 38: ZoomConnect's `analyse`, Telegram's method paths), and lookalikes that write. */
testRule('ax-envelope-next-steps', [
  {
    name: 'Swagger 2.0: ZoomConnect\'s `analyse-full`, "Returns full analysis of message", answering springfox\'s 200 and 201, only reads',
    document: swagger2(
      {
        '/messages/analyse/full': {
          post: {
            operationId: 'analyse-full',
            description: 'Returns full analysis of message',
            responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Analysis' } }, '201': { description: 'Created' } },
          },
        },
      },
      { definitions: { Analysis: { type: 'object', properties: { length: { type: 'integer' } } } } },
    ),
    errors: [],
  },
  {
    name: "OpenAPI 3.0 `$ref`: Telegram's `/getChatAdministrators` (a method name as the path, no operationId) only reads",
    document: oas3(
      { '/getChatAdministrators': post({ description: 'Use this method to get a list of administrators in a chat.' }, { '200': body(ref('Members')) }) },
      { schemas: { Members: RESULTS } },
    ),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1 `allOf`: a POST described "Retrieves the balance of an account" only reads',
    document: oas3({ '/balance': post({ description: 'Retrieves the balance of an account.' }, { '200': body({ allOf: [RESULTS] }) }) }, undefined, '3.1.0'),
    errors: [],
  },
  {
    name: 'lookalikes: "Returns the created order" creates; a camelCase path that writes (`/createChatLink`); a read-like description answering 201 alone; Telegram\'s `/exportChatInviteLink`, which generates a link; Red Hat\'s `orderServiceOffering`, "Returns a Task id"',
    document: oas3({
      '/orders': post({ description: 'Returns the created order.' }, { '200': body(RESULTS) }),
      '/createChatLink': post({ description: 'Use this method to create a link.' }, { '200': body(RESULTS) }),
      '/exports': post({ description: 'Returns the export.' }, { '201': body(RESULTS) }),
      '/offerings/{id}/order': post({ operationId: 'orderServiceOffering', description: 'Returns a Task id' }, { '200': body(RESULTS) }),
      '/exportChatInviteLink': post({ description: 'Use this method to generate a new primary invite link for a chat.' }, { '200': body(RESULTS) }),
    }),
    errors: [
      { path: at('/orders', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/orders', '200') },
      { path: at('/createChatLink', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/createChatLink', '200') },
      {
        path: at('/exports', 'post', '201', ...JSON_SCHEMA),
        message: overruled('POST /exports', '201', 'described "Returns the export." like a read, but it answers 201'),
      },
      { path: at('/offerings/{id}/order', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/offerings/{id}/order', '200') },
      {
        path: at('/exportChatInviteLink', 'post', '200', ...JSON_SCHEMA),
        message: overruled('POST /exportChatInviteLink', '200', 'named `/exportChatInviteLink` like a read, but its description says "generate"'),
      },
    ],
  },
]);

/** POSTs that only read, taken for creations (issue 38, the fresh 30): Springfox's default 201, a verb before the last segment, a summary's verb. */
testRule('ax-envelope-next-steps', [
  {
    name: 'OpenAPI 3.0 from Springfox (`…UsingPOST` operationIds): RGD\'s `getGenBankNucleotideMappingUsingPOST`, "Translate RGD IDs…", answering 200 and Springfox\'s bodiless 201, only reads',
    document: oas3(
      {
        '/lookup/id/map/GenBankNucleotide': post(
          { operationId: 'getGenBankNucleotideMappingUsingPOST', summary: 'Translate RGD IDs to GenBank Nucleotide IDs' },
          { '200': body(ref('Mapping'), '*/*', 'OK'), '201': { description: 'Created' } },
        ),
        '/lookup/id/map/{id}': { get: { operationId: 'getMappingUsingGET', responses: { '200': body(ref('Mapping')) } } },
      },
      { schemas: { Mapping: RESULTS } },
    ),
    errors: [],
  },
  {
    name: 'lookalikes: a Springfox creation (`createOrderUsingPOST`), a Springfox read-like name whose 201 has a body, and one whose summary creates (`verifyBioUsingPOST`, "Create health id…"), are creations',
    document: oas3({
      '/orders': post({ operationId: 'createOrderUsingPOST' }, { '200': body(PAYMENT), '201': { description: 'Created' } }),
      '/orders/check': post({ operationId: 'checkOrderUsingPOST' }, { '200': body(PAYMENT), '201': body(PAYMENT) }),
      '/orders/{id}': { get: { operationId: 'getOrderUsingGET', responses: { '200': body(PAYMENT) } } },
      '/hid/verifyBio': post(
        { operationId: 'verifyBioUsingPOST', summary: 'Create health id using Biometric Authentication.' },
        { '200': body(PAYMENT), '201': { description: 'Created' } },
      ),
    }),
    errors: [
      { path: at('/orders', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/orders', '200') },
      {
        path: at('/orders/check', 'post', '200', ...JSON_SCHEMA),
        message: overruled('POST /orders/check', '200', 'named `checkOrderUsingPOST` like a read, but it answers 201'),
      },
      {
        path: at('/orders/check', 'post', '201', ...JSON_SCHEMA),
        message: overruled('POST /orders/check', '201', 'named `checkOrderUsingPOST` like a read, but it answers 201'),
      },
      {
        path: at('/hid/verifyBio', 'post', '200', ...JSON_SCHEMA),
        message: overruled('POST /hid/verifyBio', '200', 'named `verifyBioUsingPOST` like a read, but it answers 201'),
      },
    ],
  },
  {
    name: 'Swagger 2.0: Blockfrost\'s `/utils/txs/evaluate/utxos` (a reading verb before a noun) and Box\'s `/metadata_queries/execute_read`, "Query files/folders by metadata", only read',
    document: swagger2(
      {
        '/utils/txs/evaluate/utxos': {
          post: {
            summary: 'Submit a transaction for execution units evaluation (additional UTXO set)',
            responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Results' } } },
          },
        },
        '/metadata_queries/execute_read': {
          post: {
            operationId: 'post_metadata_queries_execute_read',
            summary: 'Query files/folders by metadata',
            responses: { '200': { description: 'OK', schema: { allOf: [{ $ref: '#/definitions/Results' }] } } },
          },
        },
      },
      { definitions: { Results: RESULTS } },
    ),
    errors: [],
  },
  {
    name: "lookalikes: a writing verb last (`/check/reset`), a reading verb before a parameter (`/search/{id}`), a submission (`/tx/submit`), a one-word summary naming the path's noun (`List` at `/lists`)",
    document: oas3({
      '/check/reset': post({}, { '200': body(PAYMENT) }),
      '/search/{id}': post({}, { '200': body(PAYMENT) }),
      '/tx/submit': post({ summary: 'Submit a transaction' }, { '200': body(PAYMENT) }),
      '/lists': post({ summary: 'List' }, { '200': body(PAYMENT) }),
      '/prices/check': post({ operationId: 'checkPrice' }, { '200': body(PAYMENT), '201': { description: 'Created' } }),
    }),
    errors: [
      { path: at('/check/reset', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/check/reset', '200') },
      { path: at('/search/{id}', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/search/{id}', '200') },
      { path: at('/tx/submit', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/tx/submit', '200') },
      { path: at('/lists', 'post', '200', ...JSON_SCHEMA), message: missing('POST', '/lists', '200') },
      {
        path: at('/prices/check', 'post', '200', ...JSON_SCHEMA),
        message: overruled('POST /prices/check', '200', 'named `checkPrice` like a read, but it answers 201'),
      },
    ],
  },
]);

/**
 * POSTs that only read, asked for next steps (issue 38, the third fresh 30): a summary's `show` or `stat` verb, and
 * Springfox's default responses where the app named its own operations (its bodiless 201 beside a 200 is no creation).
 */
const UNAUTHORIZED = { '401': { description: 'Unauthorized' }, '403': { description: 'Forbidden' }, '404': { description: 'Not Found' } };
/** VisageCloud's analytics query: a Springfox POST answering `RestResponse` and Springfox's bodiless 201. */
const PRESENCE = oas3(
  {
    '/rest/v1.1/analytics/presence/timeseries': post(
      {
        operationId: 'presenceTimeseriesUsingPOST',
        summary: 'Show audience (based on number of occurrences of each person) breakdown per declared attribute (age, gender).',
      },
      { '200': body(ref('RestResponse'), 'application/json', 'OK'), '201': { description: 'Created' }, ...UNAUTHORIZED },
    ),
    '/rest/v1.1/stream/all': { get: { operationId: 'streamsByAccountUsingGET', responses: { '200': body(ref('RestResponse')), ...UNAUTHORIZED } } },
  },
  { schemas: { RestResponse: { type: 'object', properties: { status: { type: 'string' }, payload: { type: 'object' } } } } },
);
/** Europeana's Springfox description, whose operationIds are the app's own: Springfox's defaults on every operation. */
const springfoxDefaults = (created: string) =>
  swagger2(
    {
      '/record/v2/search.json': {
        get: { operationId: 'searchRecords', responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Results' } }, ...UNAUTHORIZED } },
        post: {
          operationId: 'searchRecordsPost',
          summary: 'search for records post',
          responses: { '200': { description: 'OK', schema: { allOf: [{ $ref: '#/definitions/Results' }] } }, '201': { description: created }, ...UNAUTHORIZED },
        },
      },
    },
    { definitions: { Results: RESULTS } },
  );

testRule('ax-envelope-next-steps', [
  {
    name: 'OpenAPI 3.0 `$ref` from Springfox: VisageCloud\'s `presenceTimeseriesUsingPOST`, "Show audience … breakdown", answering 200 and the bodiless 201, only reads',
    document: PRESENCE,
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: Rclone\'s `POST /operations/stat`, "Stat an object", its 200 a shared `components/responses` entry of an `allOf`, only reads',
    document: oas3(
      {
        '/operations/stat': post(
          { operationId: 'operationsStat', summary: 'Stat an object' },
          { '200': ref('OperationsStatResponse', 'responses'), '202': ref('AsyncJobResponse', 'responses') },
        ),
      },
      {
        responses: {
          OperationsStatResponse: body({ allOf: [ref('Item')] }),
          AsyncJobResponse: body({ type: 'object', properties: { jobid: { type: 'integer' } } }),
        },
        schemas: { Item: { type: 'object', properties: { Path: { type: 'string' }, Size: { type: 'integer' } } } },
      },
      '3.1.0',
    ),
    errors: [],
  },
  {
    name: 'Swagger 2.0 `allOf`: Springfox\'s default responses (bodiless 401 "Unauthorized", 403 "Forbidden" on every operation, a 201 "Created" beside the POST\'s 200) without `…Using…` operationIds: Europeana\'s `searchRecordsPost` only reads',
    document: springfoxDefaults('Created'),
    errors: [],
  },
  {
    name: 'lookalikes: the same reason phrases with a 201 of its own ("Saved") are no Springfox defaults; a one-word `Show` at `/shows`; "Reset stats"; `showOrCreateView`',
    document: {
      ...(springfoxDefaults('Saved') as Record<string, unknown>),
      paths: {
        ...(springfoxDefaults('Saved') as { paths: object }).paths,
        '/shows': { post: { summary: 'Show', responses: { '200': { description: 'OK', schema: PAYMENT } } } },
        '/stats/reset': { post: { summary: 'Reset stats', responses: { '200': { description: 'OK', schema: PAYMENT } } } },
        '/views': { post: { operationId: 'showOrCreateView', responses: { '200': { description: 'OK', schema: PAYMENT } } } },
      },
    },
    errors: [
      {
        path: SWAGGER_STEPS('/record/v2/search.json', '200'),
        message: overruled('POST /record/v2/search.json', '200', 'named `searchRecordsPost` like a read, but it answers 201'),
      },
      { path: SWAGGER_STEPS('/shows', '200'), message: missing('POST', '/shows', '200') },
      { path: SWAGGER_STEPS('/stats/reset', '200'), message: missing('POST', '/stats/reset', '200') },
      {
        path: SWAGGER_STEPS('/views', '200'),
        message: overruled('POST /views', '200', 'named `showOrCreateView` like a read, but its name goes on to `create`'),
      },
    ],
  },
]);

test('a POST that only reads is told `x-ax-retryable: true`, and the edit clears the finding', async () => {
  const { before, edits, after } = await fixAndRelint('ax-recoverable-retryable', PRESENCE);
  expect(before.map(result => result.message)).toEqual([
    noFlag(
      'POST /rest/v1.1/analytics/presence/timeseries',
      'Add `x-ax-retryable: true` to the operation: named "Show audience (based on number of occurr…" and answering 200, it only reads, so a repeat is safe.',
    ),
  ]);
  expect(edits.map(edit => edit.update)).toEqual([{ 'x-ax-retryable': true }]);
  expect(after).toEqual([]);
});

/**
 * POSTs that only compute (issue 38, the fourth fresh 30): Magento's service method between its version and its HTTP
 * method (`…V1CalculatePost`), and `compute` as a summary's verb. A computation that saves, or an estimate created, writes.
 */
const TOTALS = { type: 'object', properties: { grand_total: { type: 'number' }, subtotal: { type: 'number' } } };
const magentoPost = (operationId: string, description: string) =>
  post(
    { operationId, summary: 'guest-carts/{cartId}/totals-information', description },
    { '200': body(ref('quote-data-totals-interface'), 'application/json', '200 Success.') },
  );

testRule('ax-envelope-next-steps', [
  {
    name: 'OpenAPI 3.0 `$ref`: Magento\'s `checkoutGuestTotalsInformationManagementV1CalculatePost` ("Calculate quote totals …") and "Compute the tax" only read',
    document: oas3(
      {
        '/V1/guest-carts/{cartId}/totals-information': magentoPost(
          'checkoutGuestTotalsInformationManagementV1CalculatePost',
          'Calculate quote totals based on address and shipping method.',
        ),
        '/tax': post({ summary: 'Compute the tax of a cart' }, { '200': body(ref('quote-data-totals-interface')) }),
      },
      { schemas: { 'quote-data-totals-interface': TOTALS } },
    ),
    errors: [],
  },
  {
    name: 'Swagger 2.0: `quoteGuestShippingMethodManagementV1EstimateByExtendedAddressPost` only reads',
    document: swagger2({
      '/V1/guest-carts/{cartId}/estimate-shipping-methods': swaggerPost(
        { operationId: 'quoteGuestShippingMethodManagementV1EstimateByExtendedAddressPost', summary: 'guest-carts/{cartId}/estimate-shipping-methods' },
        '200',
        { type: 'array', items: TOTALS },
      ),
    }),
    errors: [],
  },
  {
    name: 'lookalikes: Magento\'s `…V1CreateEmptyCartPost`, an id whose HTTP method is not the operation\'s (`…V1CalculatePut` on a POST), "Calculate and save the totals", "Create an estimate"',
    document: swagger2({
      '/V1/carts': swaggerPost({ operationId: 'quoteCartManagementV1CreateEmptyCartPost' }, '200', TOTALS),
      '/V1/totals': swaggerPost({ operationId: 'quoteTotalsV1CalculatePut' }, '200', TOTALS),
      '/totals': swaggerPost({ summary: 'Calculate and save the totals' }, '200', TOTALS),
      '/estimates': swaggerPost({ summary: 'Create an estimate' }, '200', TOTALS),
    }),
    errors: [
      { path: SWAGGER_STEPS('/V1/carts', '200'), message: missing('POST', '/V1/carts', '200') },
      { path: SWAGGER_STEPS('/V1/totals', '200'), message: missing('POST', '/V1/totals', '200') },
      {
        path: SWAGGER_STEPS('/totals', '200'),
        message: overruled('POST /totals', '200', 'named "Calculate and save the totals" like a read, but its name goes on to `save`'),
      },
      { path: SWAGGER_STEPS('/estimates', '200'), message: missing('POST', '/estimates', '200') },
    ],
  },
]);
