import { agentUxGuard, checkResponse, defaultMode, type ResponseInput } from '../runtime';
import { body, oas3, swagger2 } from './support/documents';
import { API, GOOD_STEPS, SCENARIOS } from './support/runtimeApi';

const MESSAGES: Record<string, string[]> = {
  'a created order without nextSteps': [
    'POST /orders 201: the response body has no `nextSteps`, so an agent cannot tell which call comes next. Send `nextSteps`: the calls that follow, each { action, method, href, description }.',
  ],
  'malformed steps': [
    'POST /orders 201: `nextSteps[0]` has no string `method` or `description`, so an agent gets a step it cannot call. Send each step as { action, method, href, description }, every field a non-empty string.',
  ],
  'a step to no route': [
    'POST /orders 201: `nextSteps[0]` links to "/v1/order/o1", which matches no declared route; did you mean `/v1/orders/{id}`? An agent following it gets a 404. Build it from a declared route (server base path included).',
  ],
  'empty nextActions alone': [
    'POST /orders/{id}/cancel 200: the response body has an empty `nextSteps`, so an agent cannot tell which call comes next. Send `nextSteps`: the calls that follow, each { action, method, href, description }.',
    'POST /orders/{id}/cancel 200: `nextActions` is empty and no `nextSteps` sits beside it, so an agent concludes it is stuck. Send `nextSteps` with the recovery calls that remain.',
  ],
  'a 400 with a message only': [
    'POST /orders 400: the error body has no code, so an agent cannot tell what failed. Send a stable `code` (e.g. "VALIDATION_ERROR").',
    'POST /orders 400: the error body has no recovery hint, so an agent cannot tell how to fix the request. Send `recoveryHint`: one sentence on what to change before retrying.',
  ],
  'a 409 state rejection without allowed actions': [
    'POST /orders/{id}/cancel 409: the error body is a state rejection (`cancel` on an item; described "in the `shipped` state") but lacks `currentState`, `allowedActions` and `refreshUrl`. Send them, so the agent re-plans from the real state.',
  ],
  'a 422 state rejection without refreshUrl': [
    'POST /orders 422: the error body reports a state rejection (it carries `currentState`) but has no `refreshUrl`. Send `refreshUrl`: the URL to GET for the current state before retrying.',
  ],
  'a 429 without a delay': [
    'POST /orders 429: the response has no `Retry-After` header and the body no `retry_after_ms`, so an agent cannot tell how long to wait. Send `Retry-After` (seconds).',
  ],
  'a 503 with a stack trace': [
    'DELETE /orders/{id} 503: the error body contains a JavaScript stack trace in `message`. Log it server-side and send a stable code, a message and a `trace_id` instead.',
  ],
};

const post = (path: string, status: number, body: unknown, headers?: Record<string, string>): ResponseInput => ({
  method: 'POST',
  path,
  status,
  body,
  headers,
});
const rulesOf = (input: ResponseInput, openapi: object = API, options = {}) => checkResponse(openapi, input, options).map(found => found.rule);

describe('checkResponse', () => {
  test.each(SCENARIOS.map(scenario => [scenario.name, scenario] as const))('%s', (name, scenario) => {
    const found = checkResponse(API, scenario);
    expect(found.map(violation => violation.rule)).toEqual(scenario.rules);
    expect(found.map(violation => violation.message)).toEqual(MESSAGES[name] ?? []);
    for (const { message } of found) expect(message.length).toBeLessThanOrEqual(240);
  });

  test('a violation is data: the rule, the template it was said with, its data, and the sentence they make after the operation and status', () => {
    const [code, hint] = checkResponse(
      API,
      SCENARIOS.find(scenario => scenario.name === 'a 400 with a message only')!,
    );
    expect(code).toEqual({
      rule: 'ax-recoverable-error-structure',
      messageId: 'liveNoCode',
      // The defect in the lint's own words (its `noCode`), the fix what to send.
      data: { lacks: { messageId: 'noCode', data: { concept: 'errorCode' } }, code: 'code', example: 'VALIDATION_ERROR' },
      message: MESSAGES['a 400 with a message only'][0],
    });
    expect(hint).toEqual({
      rule: 'ax-recoverable-suggestion',
      messageId: 'liveNoHint',
      data: { lacks: { messageId: 'noHint', data: { concept: 'recoveryHint' } }, name: 'recoveryHint', place: '' },
      message: MESSAGES['a 400 with a message only'][1],
    });
    // A nested phrase is its own { messageId, data }, as in the lint's JSON report.
    expect(
      checkResponse(
        API,
        SCENARIOS.find(scenario => scenario.name === 'a 503 with a stack trace')!,
      ),
    ).toEqual([
      {
        rule: 'ax-recoverable-no-stack-traces',
        messageId: 'liveTraceText',
        data: { runtime: 'JavaScript', at: { messageId: 'liveTraceIn', data: { at: 'message' } }, fix: { messageId: 'liveTraceFix', data: {} } },
        message: MESSAGES['a 503 with a stack trace'][0],
      },
    ]);
    // The same defect in other words is the same data: a client's different path names another place, not another template.
    const [first] = checkResponse(API, post('/v1/orders', 201, { id: 'o1', nextSteps: [{ action: 'Read', href: '/v1/orders/o1' }] }));
    expect([first.rule, first.messageId, first.data.at]).toEqual(['ax-envelope-next-steps-shape', 'liveStepLacks', 'nextSteps[0]']);
  });

  test('a step with a method the route does not declare, and a template href', () => {
    const steps = [
      { action: 'Delete the order', method: 'PATCH', href: 'https://api.example.com/v1/orders/o1', description: 'Removes it.' },
      { action: 'Read the order', method: 'GET', href: '/v1/orders/{id}', description: 'Reads it.' },
    ];
    expect(checkResponse(API, post('/v1/orders', 201, { id: 'o1', nextSteps: steps })).map(found => found.message)).toEqual([
      'POST /orders 201: `nextSteps[0]` sends PATCH to "https://api.example.com/v1/orders/o1", but `/v1/orders/{id}` declares only GET, DELETE. Send a declared method, or declare `patch` there.',
      'POST /orders 201: `nextSteps[1]` links to "/v1/orders/{id}", which still holds `{id}` for the agent to fill in. Send the concrete URL.',
    ]);
  });

  test('nested steps are checked where they sit; a step that is not an HTTP method or not an object', () => {
    const nested = { data: { nextSteps: [{ action: 'Go', method: 'FOLLOW', href: '/v1/orders', description: 'Goes.' }, 'read it'] }, nextSteps: GOOD_STEPS };
    expect(checkResponse(API, post('/v1/orders', 201, nested)).map(found => found.message)).toEqual([
      'POST /orders 201: `data.nextSteps[0].method` is "FOLLOW", not an HTTP method an agent can send. Send GET, POST, PUT, PATCH or DELETE.',
      'POST /orders 201: `data.nextSteps[0]` sends FOLLOW to "/v1/orders", but `/v1/orders` declares only GET, POST. Send a declared method, or declare `follow` there.',
    ]);
    expect(checkResponse(API, post('/v1/orders', 201, { nextSteps: 'GET /v1/orders' })).map(found => found.message)).toEqual([
      'POST /orders 201: `nextSteps` is the string "GET /v1/orders", not a list of steps an agent can call. Send an array of { action, method, href, description }.',
    ]);
  });

  test('the prefixes option limits ax-envelope-next-steps to some paths, as in the ruleset', () => {
    expect(rulesOf(post('/v1/orders', 201, { id: 'o1' }), API, { prefixes: ['/payments'] })).toEqual([]);
    expect(rulesOf(post('/v1/orders', 201, { id: 'o1' }), API, { prefixes: ['/orders'] })).toEqual(['ax-envelope-next-steps']);
  });

  test('statuses without a body to carry nextSteps, and list bodies of mutations', () => {
    expect(checkResponse(API, { method: 'DELETE', path: '/v1/orders/o1', status: 204, body: {} })).toEqual([]);
    expect(rulesOf(post('/v1/orders', 201, [{ id: 'o1' }]))).toEqual(['ax-envelope-next-steps']);
  });

  test('error shapes of the mainstream conventions are read as the lint rules read them', () => {
    const google = {
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'amount must be positive',
        details: [{ fieldViolations: [{ field: 'amount', description: 'negative' }] }],
      },
    };
    expect(rulesOf(post('/v1/orders', 400, google))).toEqual(['ax-recoverable-suggestion']);
    const jsonApi = {
      errors: [{ code: 'AMOUNT_NEGATIVE', title: 'Amount is negative', source: { pointer: '/data/amount' }, hint: 'Send a positive amount.' }],
    };
    expect(rulesOf(post('/v1/orders', 400, jsonApi))).toEqual([]);
    const oauth = { error: 'invalid_grant', error_description: 'The refresh token expired.' };
    expect(rulesOf(post('/v1/orders', 400, oauth))).toEqual(['ax-recoverable-suggestion']);
    const spring = {
      timestamp: '2026-01-01T00:00:00Z',
      status: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      trace: 'java.lang.IllegalStateException: x\n\tat com.acme.Orders.create(Orders.java:42)',
    };
    expect(rulesOf(post('/v1/orders', 400, spring))).toEqual(['ax-recoverable-error-structure', 'ax-recoverable-suggestion', 'ax-recoverable-no-stack-traces']);
    expect(checkResponse(API, post('/v1/orders', 400, spring))[2].message).toBe(
      'POST /orders 400: the error body carries `trace`, a stack trace: internal code paths, useless to an agent. Log it server-side and send a stable code, a message and a `trace_id` instead.',
    );
  });

  test('a 422 that names failed fields is a validation error, unless the body says state', () => {
    const validation = { code: 'INVALID', message: 'Invalid order.', suggestion: 'Fix the fields.', errors: [{ field: 'amount', message: 'negative' }] };
    expect(rulesOf(post('/v1/orders', 422, validation))).toEqual([]);
    expect(rulesOf(post('/v1/orders', 422, { ...validation, current_state: 'locked' }))).toEqual(['ax-envelope-state', 'ax-envelope-refresh-url']);
    expect(
      rulesOf(
        post('/v1/orders', 409, { error: { code: 'C', message: 'm', hint: 'h', currentState: 'paid', allowedActions: [], refreshUrl: '/v1/orders/o1' } }),
      ),
    ).toEqual([]);
  });

  test('Retry-After is found whatever its case, and a delay in the body counts', () => {
    const error = { code: 'RATE_LIMITED', message: 'Too many.', suggestion: 'Wait.' };
    expect(rulesOf(post('/v1/orders', 429, error, { 'retry-after': '1' }))).toEqual([]);
    expect(rulesOf(post('/v1/orders', 429, { ...error, retry_after_ms: 500 }))).toEqual([]);
    expect(rulesOf(post('/v1/orders', 429, { error: { ...error, retryAfterSeconds: 1 } }))).toEqual([]);
  });

  test("the names option replaces the rules' name lists", () => {
    const names = { nextSteps: ['links'], recoveryHint: ['remedy'] };
    expect(rulesOf(post('/v1/orders', 201, { id: 'o1', links: GOOD_STEPS }), API, { names })).toEqual([]);
    expect(rulesOf(post('/v1/orders', 201, { id: 'o1', nextSteps: GOOD_STEPS }), API, { names })).toEqual(['ax-envelope-next-steps']);
    expect(rulesOf(post('/v1/orders', 400, { code: 'X', message: 'm', remedy: 'r' }), API, { names })).toEqual([]);
  });

  test('`nextStepItem` may name the roles ({ method: verb }), as the rules take it: steps with those names pass, and the advice uses them', () => {
    const names = { nextStepItem: { action: 'title', method: 'verb', href: 'url' } };
    const step = { title: 'Cancel the order', verb: 'POST', url: '/v1/orders/o1/cancel', description: 'Cancels it.' };
    expect(rulesOf(post('/v1/orders', 201, { id: 'o1', nextSteps: [step] }), API, { names })).toEqual([]);
    expect(checkResponse(API, post('/v1/orders', 201, { id: 'o1', nextSteps: [{ ...step, verb: undefined }] }), { names }).map(found => found.message)).toEqual(
      [expect.stringContaining('Send each step as { title, verb, url, description }')],
    );
  });

  test('a configured retry header is the one the advice names: a 429 is told to send it, not `Retry-After`', () => {
    const names = { retryAfterHeader: ['X-Wait-Seconds'] };
    expect(
      checkResponse(API, post('/v1/orders', 429, { code: 'SLOW_DOWN', message: 'Too many orders.', recoveryHint: 'Wait, then send it again.' }), { names }).map(
        found => found.message,
      ),
    ).toEqual([
      'POST /orders 429: the response has no `X-Wait-Seconds` header and the body no `retry_after_ms`, so an agent cannot tell how long to wait. Send `X-Wait-Seconds` (seconds).',
    ]);
    expect(
      rulesOf(
        post('/v1/orders', 429, { code: 'SLOW_DOWN', message: 'Too many orders.', recoveryHint: 'Wait, then send it again.' }, { 'x-wait-seconds': '3' }),
        API,
        { names },
      ),
    ).toEqual([]);
  });

  test('Swagger 2.0 basePath, several servers, and a path without the base path', () => {
    const legacy = swagger2({ '/orders': { post: { responses: { '201': { description: 'Created', schema: { type: 'object' } } } } } }, { basePath: '/api' });
    expect(rulesOf(post('/api/orders', 201, {}), legacy)).toEqual(['ax-envelope-next-steps']);
    // Served without the base path (behind a gateway that strips it): found all the same.
    expect(rulesOf(post('/orders', 201, {}), legacy)).toEqual(['ax-envelope-next-steps']);
    // Mounted elsewhere: `basePath` says where.
    expect(rulesOf(post('/svc/orders', 201, {}), legacy)).toEqual([]);
    expect(rulesOf(post('/svc/orders', 201, {}), legacy, { basePath: '/svc' })).toEqual(['ax-envelope-next-steps']);
    const servers = {
      ...oas3({ '/orders': { post: { responses: { '201': body({ type: 'object' }) } } } }),
      servers: [{ url: '/v2' }, { url: 'https://{region}.example.com/v3', variables: { region: { default: 'eu' } } }],
    };
    expect(rulesOf(post('/v3/orders', 201, {}), servers)).toEqual(['ax-envelope-next-steps']);
  });

  test('undeclared routes and methods: silent by default, else reported, the same every time (the guard tells it once per route)', () => {
    const openapi = structuredClone(API);
    expect(checkResponse(openapi, post('/v1/invoices', 201, {}))).toEqual([]);
    expect(checkResponse(openapi, { method: 'PUT', path: '/v1/invoices/1', route: '/v1/invoices/:id', status: 200, body: {} }, { undeclared: true })).toEqual([
      {
        rule: 'undeclared',
        messageId: 'undeclaredRoute',
        data: { lowerMethod: 'put', lookedFor: '`/v1/invoices/1`, with or without `/v1` in front' },
        message:
          'PUT /v1/invoices/:id 200: the description declares no `put` operation at `/v1/invoices/1`, with or without `/v1` in front, so an agent reading it cannot know this call. Declare it under `paths`, or set `basePath` to where the app is mounted.',
      },
    ]);
    expect(
      checkResponse(openapi, { method: 'PUT', path: '/v1/invoices/2?token=x', route: '/v1/invoices/:id', status: 200, body: {} }, { undeclared: true }).map(
        found => found.rule,
      ),
    ).toEqual(['undeclared']);
    expect(rulesOf(post('/v1/orders/o1', 200, {}), openapi, { undeclared: true })).toEqual(['undeclared']);
    expect(checkResponse(openapi, { method: 'HEAD', path: '/v1/orders', status: 200, body: {} }, { undeclared: true })).toEqual([]);
  });

  test('only JSON objects and arrays are read; an object is judged as JSON.stringify writes it', () => {
    for (const sent of ['{"id":"o1"}', Buffer.from('{}'), new Uint8Array(2), null, undefined, 42])
      expect(checkResponse(API, post('/v1/orders', 201, sent))).toEqual([]);
    // A Map is sent as `{}`: no `nextSteps` goes out, whatever the Map holds.
    expect(checkResponse(API, post('/v1/orders', 201, new Map([['nextSteps', []]]))).map(found => found.rule)).toEqual(['ax-envelope-next-steps']);
  });

  test('a description that is not OpenAPI is refused with a clear error', () => {
    expect(() => checkResponse('openapi.yaml' as unknown as object, post('/v1/orders', 201, {}))).toThrow(
      new TypeError(
        'spectral-agent-ux/runtime: the description is a string; pass the parsed object (JSON.parse, or a YAML parser for YAML), not its text or file name.',
      ),
    );
    expect(() => checkResponse({ info: {} }, post('/v1/orders', 201, {}))).toThrow(
      new TypeError('spectral-agent-ux/runtime: the description has no `openapi: 3.x` (or `swagger: "2.0"`) at its root, so it is not an OpenAPI description.'),
    );
    expect(() => checkResponse({ openapi: '3.1.0', paths: [] }, post('/v1/orders', 201, {}))).toThrow('`paths` is not an object');
    expect(() => agentUxGuard({ spec: API, mode: 'loud' as 'strict' })).toThrow(
      new TypeError(`spectral-agent-ux/runtime: option \`mode\` must be 'strict' or 'observe', not the string "loud".`),
    );
  });
});

describe('the guard', () => {
  const throwing = new Proxy(
    {},
    {
      get: () => {
        throw new Error('boom');
      },
      getPrototypeOf: () => {
        throw new Error('boom');
      },
    },
  );

  test('never throws in observe mode, whatever the handler sent or the callback does', () => {
    const guard = agentUxGuard({
      spec: API,
      mode: 'observe',
      sample: 1,
      onViolation: () => {
        throw new Error('callback');
      },
    });
    expect(guard.inspect(post('/v1/orders', 201, throwing))).toBeUndefined();
    expect(guard.inspect(post('/v1/orders', 201, { id: 'o1' }))).toBeUndefined();
    expect(guard.inspect({ method: undefined as unknown as string, path: 7 as unknown as string, status: 201, body: { id: 'o1' } })).toBeUndefined();
    const cyclic: Record<string, unknown> = { code: 'X', message: 'm' };
    cyclic.self = cyclic;
    expect(guard.inspect(post('/v1/orders', 400, cyclic))).toBeUndefined();
  });

  test('strict mode reports its own failure instead of hiding it', () => {
    const guard = agentUxGuard({ spec: API, mode: 'strict' });
    expect(guard.inspect(post('/v1/orders', 201, throwing))).toMatchObject({ rule: 'agent-ux-guard', status: 201 });
  });

  test('a declared non-JSON content type is not read', () => {
    const guard = agentUxGuard({ spec: API, mode: 'strict' });
    expect(guard.inspect({ ...post('/v1/orders', 201, { id: 'o1' }), contentType: 'text/html; charset=utf-8' })).toBeUndefined();
    expect(guard.inspect({ ...post('/v1/orders', 201, { id: 'o1' }), contentType: 'application/hal+json' })).toMatchObject({ rule: 'ax-envelope-next-steps' });
  });

  test('default mode: strict under NODE_ENV=test or AGENT_UX_STRICT=1, which also switches it off', () => {
    expect(defaultMode({ NODE_ENV: 'test' })).toBe('strict');
    expect(defaultMode({ AGENT_UX_STRICT: '1' })).toBe('strict');
    expect(defaultMode({ NODE_ENV: 'production', AGENT_UX_STRICT: 'true' })).toBe('strict');
    expect(defaultMode({ NODE_ENV: 'test', AGENT_UX_STRICT: '0' })).toBe('observe');
    expect(defaultMode({ NODE_ENV: 'production' })).toBe('observe');
    expect(defaultMode({})).toBe('observe');
  });
});
