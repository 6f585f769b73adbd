/**
 * One verdict: each disagreement found between the lint (on a schema or an example) and the runtime guard
 * (on a live body that schema describes), asserted on both sides: the lint through real Spectral, the guard
 * through `checkResponse`, each must-fire case beside its must-stay-silent twin.
 */
import { describeErrorValue } from '../lib/errors/value-shapes';
import { checkResponse } from '../runtime';
import { exactSchema, objectSchema } from './support/parity';
import { runRule } from './support/testRule';

type Json = Record<string, unknown>;
type Rule = Parameters<typeof runRule>[0];

const STRING = { type: 'string' };

/** One operation answering one status with a JSON schema (and `example`, for the rules that read examples), beside `GET /orders/{id}`. */
function api(method: string, path: string, status: string, schema: Json, response: Json = {}): Json {
  const content = { 'application/json': { schema, ...(response.example === undefined ? {} : { example: response.example }) } };
  const { example: _, ...rest } = response;
  return {
    openapi: '3.0.3',
    info: { title: 'Verdict', version: '1' },
    paths: {
      [path]: { [method]: { responses: { [status]: { description: 'The answer', content, ...rest } } } },
      '/orders/{id}': { get: { responses: { '200': { description: 'The order' } } } },
    },
  };
}

type Request = { method: string; path: string; status: number; body: unknown; headers?: Json };

/** The rule's findings on the description (real Spectral) and its violations on the response sent (`checkResponse`). */
async function verdicts(rule: Rule, doc: Json, request: Request): Promise<{ lint: string[]; guard: string[] }> {
  const lint = (await runRule(rule, doc)).map(found => found.message);
  const guard = checkResponse(doc, { headers: {}, ...request }).flatMap(found => (found.rule === rule ? [found.message] : []));
  return { lint, guard };
}

describe('a step method of TRACE, CONNECT or QUERY is no step an agent sends, on both sides', () => {
  const step = (method: string) => ({ action: 'Read the order', method, href: '/orders/o1', description: 'Its state.' });
  const doc = (method: string) =>
    api(
      'post',
      '/orders',
      '201',
      objectSchema({
        nextSteps: {
          type: 'array',
          items: {
            ...exactSchema(step(method)),
            properties: { ...(exactSchema(step(method)).properties as Json), method: { type: 'string', enum: ['GET', method] } },
          },
        },
      }),
    );
  const run = (method: string) =>
    verdicts('ax-envelope-next-steps-shape', doc(method), { method: 'POST', path: '/orders', status: 201, body: { nextSteps: [step(method)] } });

  test.each(['TRACE', 'QUERY', 'CONNECT'])('%s fires', async method => {
    expect(await run(method)).toEqual({
      lint: [
        `POST /orders 201: the items of \`nextSteps\` allow \`method\` values that are not HTTP methods: \`${method}\`. Limit it to \`enum: [GET, POST, PUT, PATCH, DELETE]\` (HEAD, OPTIONS are accepted too).`,
      ],
      guard: [`POST /orders 201: \`nextSteps[0].method\` is "${method}", not an HTTP method an agent can send. Send GET, POST, PUT, PATCH or DELETE.`],
    });
  });

  test.each(['GET', 'head', 'OPTIONS'])('%s stays silent', async method => {
    expect(await run(method)).toEqual({ lint: [], guard: [] });
  });
});

describe('an `error` that repeats the status ("Conflict") is no code, on both sides', () => {
  const doc = (error: unknown) => api('post', '/orders/{id}/cancel', '409', objectSchema({ error: { type: 'string', enum: [error] }, message: STRING }));
  const run = (error: string) =>
    verdicts('ax-recoverable-error-structure', doc(error), {
      method: 'POST',
      path: '/orders/o1/cancel',
      status: 409,
      body: { error, message: 'The order has shipped.' },
    });

  test.each(['Conflict', 'Gone', 'Forbidden'])('%s fires', async error => {
    expect(await run(error)).toEqual({
      lint: [
        'POST /orders/{id}/cancel 409: the error schema has no code (`error` is the HTTP status). Add a required `code` (e.g. "CONFLICT"); your error handler must then send it.',
      ],
      guard: ['POST /orders/{id}/cancel 409: the error body has no code, so an agent cannot tell what failed. Send a stable `code` (e.g. "CONFLICT").'],
    });
  });

  test.each(['order_shipped', 'ORDER_SHIPPED', 'conflict', 'CONFLICT'])('%s, spelled as a code, stays silent', async error => {
    expect(await run(error)).toEqual({ lint: [], guard: [] });
  });

  test('a schema without values asks whether `error` is the code; a body sending a reason phrase has none: both report it', async () => {
    const loose = api('post', '/orders/{id}/cancel', '409', objectSchema({ error: STRING, message: STRING }));
    const request = { method: 'POST', path: '/orders/o1/cancel', status: 409, body: { error: 'Conflict', message: 'The order has shipped.' } };
    expect(await verdicts('ax-recoverable-error-structure', loose, request)).toEqual({
      // Without values the lint cannot tell, and asks; both sides report the body.
      lint: [
        'POST /orders/{id}/cancel 409: the error schema may keep its code in `error`. If `error` is the code, describe it so; else add a required `code` (e.g. "CONFLICT").',
      ],
      guard: ['POST /orders/{id}/cancel 409: the error body has no code, so an agent cannot tell what failed. Send a stable `code` (e.g. "CONFLICT").'],
    });
  });
});

describe('a member recognised by its name is weighed with the value sent as with the values declared', () => {
  const run = async (rule: Rule, body: Json) => {
    const doc = api('post', '/orders/{id}/cancel', '409', exactSchema(body));
    return verdicts(rule, doc, { method: 'POST', path: '/orders/o1/cancel', status: 409, body });
  };

  test('a `reasonCode` of "Conflict" repeats the status: both ask for a code', async () => {
    expect(await run('ax-recoverable-error-structure', { reasonCode: 'Conflict', message: 'The order has shipped.' })).toEqual({
      lint: [
        'POST /orders/{id}/cancel 409: the error schema has no code (`reasonCode` is the HTTP status). Add a required `code` (e.g. "CONFLICT"); your error handler must then send it.',
      ],
      guard: ['POST /orders/{id}/cancel 409: the error body has no code, so an agent cannot tell what failed. Send a stable `code` (e.g. "CONFLICT").'],
    });
  });
  test('a `reasonCode` of "ORDER_SHIPPED" is the code: both silent', async () => {
    expect(await run('ax-recoverable-error-structure', { reasonCode: 'ORDER_SHIPPED', message: 'The order has shipped.' })).toEqual({ lint: [], guard: [] });
  });
  test('an `errorSummary` of "ORDER_SHIPPED" is a code, not a message: both ask for a message', async () => {
    expect(await run('ax-recoverable-error-structure', { code: 'ORDER_SHIPPED', errorSummary: 'ORDER_SHIPPED' })).toEqual({
      lint: ['POST /orders/{id}/cancel 409: the error schema has no message. Add a required `message`; your error handler must then send it.'],
      guard: ['POST /orders/{id}/cancel 409: the error body has no message, so an agent cannot tell what failed. Send a one-sentence `message`.'],
    });
  });
  test('an `errorSummary` in prose is the message: both silent', async () => {
    expect(await run('ax-recoverable-error-structure', { code: 'ORDER_SHIPPED', errorSummary: 'The order has shipped.' })).toEqual({ lint: [], guard: [] });
  });
  test('an `errorType` of identifiers is the code: both silent', async () => {
    expect(await run('ax-recoverable-error-structure', { errorType: 'ORDER_SHIPPED', message: 'The order has shipped.' })).toEqual({ lint: [], guard: [] });
  });
});

describe('a body that is an href, with a `Location` header, names its next call on both sides', () => {
  const doc = (location: boolean) =>
    api('post', '/exports', '202', objectSchema({ href: STRING }), location ? { headers: { Location: { schema: STRING } } } : {});
  const run = (location: boolean) =>
    verdicts('ax-envelope-next-steps', doc(location), {
      method: 'POST',
      path: '/exports',
      status: 202,
      body: { href: '/orders/o1' },
      headers: location ? { Location: '/orders/o1' } : {},
    });

  test('with the header: both silent', async () => {
    expect(await run(true)).toEqual({ lint: [], guard: [] });
  });
  test('without it: both fire', async () => {
    expect(await run(false)).toEqual({
      lint: [
        'POST /exports 202: the body is a link with an `href` but no `method`. Declare a `method` beside the `href`, a `Location` header, or add `nextSteps`: [{ action, method, href, description }] (all required, `method` an HTTP-method enum).',
      ],
      guard: [
        'POST /exports 202: the response body has no `nextSteps`, so an agent cannot tell which call comes next. Send `nextSteps`: the calls that follow, each { action, method, href, description }.',
      ],
    });
  });
});

describe('an error body that says `retryable: true` says how long to wait, on both sides', () => {
  const run = async (body: Json, headers: Json = {}) => {
    const declared = Object.keys(headers).length === 0 ? {} : { headers: { 'Retry-After': { schema: { type: 'integer' } } } };
    const doc = api('post', '/orders', '500', exactSchema(body), { example: body, ...declared });
    return verdicts('ax-recoverable-retry-after', doc, { method: 'POST', path: '/orders', status: 500, body, headers });
  };
  const body = { code: 'STORE_DOWN', message: 'The order store is down.', retryable: true };

  test('without a delay: both fire', async () => {
    expect(await run(body)).toEqual({
      lint: [
        'POST /orders 500: the error example says `retryable: true` but gives no retry delay. Add a `retry_after_ms` to the example, or a `Retry-After` header to the response.',
      ],
      guard: [
        'POST /orders 500: the error body says `retryable: true` but gives no retry delay, so an agent cannot tell how long to wait. Send a `Retry-After` header (seconds) or a `retry_after_ms` in the body.',
      ],
    });
  });
  test('with a delay in the body, or a Retry-After header: both silent', async () => {
    expect(await run({ ...body, retryAfter: 5 })).toEqual({ lint: [], guard: [] });
    expect(await run(body, { 'Retry-After': '5' })).toEqual({ lint: [], guard: [] });
  });
  test('`retryable: false` asks nothing', async () => {
    expect(await run({ ...body, retryable: false })).toEqual({ lint: [], guard: [] });
  });
});

describe('only an operation that changes something rejects a request for its state, on both sides', () => {
  const body = { code: 'ORDER_SHIPPED', message: 'The order has shipped.', hint: 'Re-read the order.', currentState: 'shipped' };
  const run = async (method: string, path: string, sent: string) => {
    const doc = api(method, path, '409', exactSchema(body));
    return verdicts('ax-envelope-state', doc, { method, path: sent, status: 409, body });
  };

  test('a POST action carrying `currentState` without the rest: both fire', async () => {
    expect(await run('post', '/orders/{id}/cancel', '/orders/o1/cancel')).toEqual({
      lint: [
        'POST /orders/{id}/cancel 409: the error schema reports a state rejection (its schema declares `currentState`) without the state. Add `allowedActions` (string[]), `refreshUrl` (URL to re-read it).',
      ],
      guard: [
        'POST /orders/{id}/cancel 409: the error body is a state rejection (it carries `currentState`) but lacks `allowedActions` and `refreshUrl`. Send them, so the agent re-plans from the real state.',
      ],
    });
  });
  test('a GET carrying it: both silent', async () => {
    expect(await run('get', '/orders/{id}/history', '/orders/o1/history')).toEqual({ lint: [], guard: [] });
  });
});

describe('the value reader picks the code the schema reader picks', () => {
  test('a string `code` that repeats the status ("404") beside a `status` name: `status` is the code, on a live body as in a schema', () => {
    expect(describeErrorValue({ code: '404', status: 'NOT_FOUND', message: 'No such order.' }).errorCode).toEqual({ path: 'status', value: 'NOT_FOUND' });
    expect(describeErrorValue({ code: 'ORDER_GONE', status: 'NOT_FOUND', message: 'No such order.' }).errorCode).toEqual({ path: 'code', value: 'ORDER_GONE' });
  });
});
