/**
 * Parity: on every convention fixture, the runtime guard's verdict on a body equals the lint's verdict
 * on the schema, rule by rule (every rule both judge) and response by response, success and error. The body is the fullest one the schema allows
 * (every declared member, a sample value each), so a member the schema declares is one the body sends.
 * A lint finding on a shared component stands for every response that uses it (`responsesOf`), the one
 * finding on the operation for its response.
 * Required lists are the schema's alone: ax-recoverable-error-structure's "does not require" findings
 * have no runtime counterpart and stay out of the comparison.
 */
import { parse } from '@stoplight/yaml';
import { checkResponse } from '../runtime';
import { GUARDED_RULES } from '../runtime/checks';
import { convention, CONVENTIONS } from './support/conventions';
import { exactSchema, isJsonObject as isObject, onlyRequirement, resolveRef, responseKey, responsesOf } from './support/parity';
import { runRule, runRuleWithEdits } from './support/testRule';

type Json = Record<string, unknown>;

/** The rules both sides judge: every rule the guard has a live check for (the test below holds the two lists together). */
const RULES = [
  'ax-envelope-next-steps',
  'ax-envelope-next-steps-shape',
  'ax-envelope-next-steps-href',
  'ax-envelope-empty-actions',
  'ax-recoverable-error-structure',
  'ax-recoverable-suggestion',
  'ax-recoverable-no-stack-traces',
  'ax-recoverable-retry-after',
  'ax-envelope-state',
  'ax-envelope-refresh-url',
] as const;

test('the parity tests cover every rule the runtime guard judges', () => {
  expect([...RULES].sort()).toEqual([...GUARDED_RULES].sort());
});

function resolve(doc: Json, schema: unknown): Json {
  const node = resolveRef(doc, schema);
  return isObject(node) ? node : {};
}

/**
 * The fullest body a schema allows: every property of every `allOf` part, the first `oneOf`/`anyOf` branch, one
 * item per array. A value is the one the schema declares (`const`, `enum`, `example`), else one that is evidence of
 * nothing (prose: no identifier, no status, no method), so that the body tells the guard no more than the schema tells the lint.
 */
function sample(doc: Json, schema: unknown, depth = 0): unknown {
  const node = resolve(doc, schema);
  if (depth > 6) return null;
  const parts = [node, ...((node.allOf as unknown[]) ?? []).map(part => resolve(doc, part))];
  const branch = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
  if (branch !== undefined) return sample(doc, branch[0], depth + 1);
  const properties = Object.assign({}, ...parts.map(part => (isObject(part.properties) ? part.properties : {}))) as Json;
  const types = parts.flatMap(part => (part.type === undefined ? [] : [part.type].flat())) as string[];
  const declared = [node.const, ...(Array.isArray(node.enum) ? node.enum : []), node.example, ...(Array.isArray(node.examples) ? node.examples : [])];
  if (declared.some(value => value !== undefined)) return declared.find(value => value !== undefined);
  if (types.includes('array')) return [sample(doc, node.items, depth + 1)];
  if (Object.keys(properties).length > 0 || types.includes('object'))
    return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sample(doc, property, depth + 1)]));
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return true;
  return 'a sample value';
}

interface Exchange {
  method: string;
  template: string;
  status: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Every response with a JSON schema (success and error), as a request the runtime guard can judge. */
function exchangesOf(doc: Json): Exchange[] {
  const base = typeof doc.basePath === 'string' ? doc.basePath.replace(/\/$/, '') : '';
  const found: Exchange[] = [];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const [status, raw] of Object.entries(operation.responses)) {
        const response = resolve(doc, raw);
        const content = isObject(response.content) ? Object.values(response.content)[0] : response;
        if (!/^[245]\d\d$|^default$/.test(status) || !isObject(content) || content.schema === undefined) continue;
        const headers = Object.fromEntries(Object.keys(isObject(response.headers) ? response.headers : {}).map(name => [name, '1']));
        const path = base + template.replace(/\{[^}]+\}/g, '1');
        found.push({ method, template, status, path, body: sample(doc, content.schema), headers });
      }
    }
  }
  return found;
}

describe.each(CONVENTIONS)('%s: the runtime guard and the lint agree', name => {
  const text = convention(name);
  const doc = parse(text) as Json;
  const exchanges = exchangesOf(doc);

  test.each(RULES)('%s', async rule => {
    const { results, users } = await runRuleWithEdits(rule, text);
    const judged = new Set(results.filter(found => !onlyRequirement(found.message)).flatMap(responsesOf(doc, users)));
    const lint = exchanges.map(({ template, method, status }) => judged.has(responseKey(method, template, status)));
    const runtime = exchanges.map(({ method, path, status, body, headers }) => {
      // `default` is judged as the 400 it stands for; the rules read `default` as a client error too.
      const code = status === 'default' ? 400 : Number(status);
      return checkResponse(doc, { method, path, status: code, headers, body }).some(found => found.rule === rule);
    });
    expect(exchanges.length).toBeGreaterThan(0);
    expect(runtime.map((verdict, i) => `${exchanges[i].method} ${exchanges[i].template} ${exchanges[i].status}: ${verdict}`)).toEqual(
      lint.map((verdict, i) => `${exchanges[i].method} ${exchanges[i].template} ${exchanges[i].status}: ${verdict}`),
    );
  });
});

/**
 * Adversarial bodies: each is sent to the guard and declared, exactly (test/support/exact-schema.ts, and as the
 * response's example), to the lint; every rule must then give the same verdict on both. Left out on purpose: what
 * only a value can say (an empty list or string, `null`, a scalar body, a HAL link marked `templated`): a schema allows them without saying so.
 */
const step = (method: string, href = '/orders/o1') => ({ action: 'Read the order', method, href, description: 'Its state now.' });
const error = (extra: Json = {}) => ({ code: 'ORDER_SHIPPED', message: 'The order has shipped.', hint: 'Re-read the order.', ...extra });
const ADVERSARIAL: [string, { method?: string; template?: string; status: number; body: unknown; location?: boolean }][] = [
  ['a TRACE step', { status: 201, body: { id: 'o1', nextSteps: [step('TRACE')] } }],
  ['a CONNECT step', { status: 201, body: { id: 'o1', nextSteps: [step('CONNECT')] } }],
  ['a QUERY step', { status: 201, body: { id: 'o1', nextSteps: [step('QUERY')] } }],
  ['a lower-case get step', { status: 201, body: { id: 'o1', nextSteps: [step('get')] } }],
  ['a step a number for its method', { status: 201, body: { id: 'o1', nextSteps: [step(1 as never)] } }],
  ['a nested TRACE step', { status: 201, body: { data: { id: 'o1', nextSteps: [step('TRACE')] } } }],
  ['an absolute href', { status: 201, body: { id: 'o1', nextSteps: [step('GET', 'https://api.example.com/orders/o1')] } }],
  ['a relative href', { status: 201, body: { id: 'o1', nextSteps: [step('GET', 'orders/o1')] } }],
  ['an href on another host', { status: 201, body: { id: 'o1', nextSteps: [step('GET', 'https://other.example.com/orders/o1')] } }],
  ['a templated href', { status: 201, body: { id: 'o1', nextSteps: [step('GET', '/orders/{id}')] } }],
  ['an href with a query', { status: 201, body: { id: 'o1', nextSteps: [step('GET', '/orders/o1?expand=items')] } }],
  ['a method the route does not declare', { status: 201, body: { id: 'o1', nextSteps: [step('PUT')] } }],
  ['steps as a string', { status: 201, body: { id: 'o1', nextSteps: 'GET /orders/o1' } }],
  ['a step with extra members', { status: 201, body: { id: 'o1', nextSteps: [{ ...step('GET'), rel: 'self' }] } }],
  ['callable links', { status: 201, body: { id: 'o1', links: [{ href: '/orders/o1', method: 'GET' }] } }],
  ['a map of callable links', { status: 201, body: { id: 'o1', links: { self: { href: '/orders/o1', method: 'GET' } } } }],
  ['JSON:API links without a method', { status: 201, body: { data: { id: 'o1', links: { self: '/orders/o1' } } } }],
  ['HAL links', { status: 201, body: { id: 'o1', _links: { self: { href: '/orders/o1' } } } }],
  ['a relative link string', { status: 201, body: { id: 'o1', links: { self: 'orders/o1' } } }],
  ['a body that is a link', { status: 202, body: { href: '/orders/o1', method: 'GET' } }],
  ['a body that is an href', { status: 202, body: { href: '/orders/o1' } }],
  ['a body that is an href, with a Location header', { status: 202, body: { href: '/orders/o1' }, location: true }],
  ['a record with no steps', { status: 201, body: { id: 'o1' } }],
  ['`error` a reason phrase', { status: 409, body: { error: 'Conflict', message: 'The order has shipped.' } }],
  ['`error` a reason phrase spelled as a code', { status: 409, body: { error: 'conflict', message: 'The order has shipped.' } }],
  ['DigitalOcean: `id` a code named after the status', { status: 401, body: { id: 'unauthorized', message: 'Unable to authenticate you.' } }],
  ['`error` a reason phrase of two words', { status: 400, body: { error: 'Bad Request', message: 'Bad quantity.', hint: 'Send 1.' } }],
  ['`error` in prose', { status: 400, body: { error: 'The quantity is wrong', message: 'Bad quantity.', hint: 'Send 1.' } }],
  ['an OAuth 2.0 error', { status: 400, body: { error: 'invalid_grant', error_description: 'The grant expired.', hint: 'Ask again.' } }],
  ['a `code` that is the status as a string', { status: 400, body: { code: '400', message: 'Bad quantity.', hint: 'Send 1.' } }],
  ['a `code` that is the status', { status: 400, body: { code: 400, message: 'Bad quantity.', hint: 'Send 1.' } }],
  ['Google AIP-193', { status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'Bad quantity.' } } }],
  ['Google AIP-193 with a reason phrase', { status: 400, body: { error: { code: 400, status: 'Bad Request', message: 'Bad quantity.' } } }],
  ['a `reasonCode` reason phrase', { status: 409, body: { reasonCode: 'Conflict', message: 'The order has shipped.' } }],
  ['a `statusCode` reason phrase', { status: 409, body: { statusCode: 'Conflict', message: 'The order has shipped.' } }],
  ['an `errorType` identifier', { status: 409, body: { errorType: 'ORDER_SHIPPED', message: 'The order has shipped.' } }],
  ['an `errCode`', { status: 409, body: { errCode: 'ORDER_SHIPPED', message: 'The order has shipped.' } }],
  ['an identifier `errorSummary`', { status: 409, body: { code: 'ORDER_SHIPPED', errorSummary: 'ORDER_SHIPPED' } }],
  ['a prose `errorSummary`', { status: 409, body: { code: 'ORDER_SHIPPED', errorSummary: 'The order has shipped.' } }],
  ['an identifier `message`', { status: 409, body: { code: 'ORDER_SHIPPED', message: 'ORDER_SHIPPED' } }],
  ['a `message` that is a number', { status: 409, body: { code: 'ORDER_SHIPPED', message: 404 } }],
  ['.NET member names', { status: 409, body: { ErrorCode: 'ORDER_SHIPPED', Message: 'The order has shipped.' } }],
  ['a `fault` wrapper', { status: 409, body: { fault: { faultCode: 'ORDER_SHIPPED', faultString: 'The order has shipped.' } } }],
  ['a problem with a reason-phrase title', { status: 409, body: { type: 'about:blank', title: 'Conflict', detail: 'The order has shipped.' } }],
  ['a problem with a type URI', { status: 409, body: { type: 'https://example.com/shipped', title: 'Conflict', detail: 'The order has shipped.' } }],
  ['an error list', { status: 400, body: { errors: [{ code: 'QTY', message: 'Bad quantity.', suggestion: 'Send 1.' }] } }],
  ['FastAPI details', { status: 422, body: { detail: [{ loc: ['body', 'qty'], msg: 'too low', type: 'value_error' }] } }],
  ['a help URL for a hint', { status: 400, body: { code: 'QTY', message: 'Bad quantity.', helpUrl: 'https://example.com/qty' } }],
  ['a `resolution`', { status: 400, body: { code: 'QTY', message: 'Bad quantity.', resolution: 'Send 1.' } }],
  ['a stack member', { status: 500, body: { code: 'INTERNAL', message: 'Boom.', stack: 'Error: x\n    at f (/app/x.js:1:2)' } }],
  ['a stack in the message', { status: 500, body: { code: 'INTERNAL', message: 'Error: x\n    at f (/app/x.js:1:2)' } }],
  ['a stack trace id', { status: 500, body: { code: 'INTERNAL', message: 'Boom.', stackTraceId: 'abc' } }],
  ['a retry delay', { status: 429, body: { ...error(), retryAfter: 3 } }],
  ['no retry delay', { status: 429, body: error() }],
  ['a snake-case retry delay', { status: 503, body: { ...error(), retry_after: 3 } }],
  ['a retry delay in words', { status: 429, body: { ...error(), waitSeconds: 3 } }],
  ['`retryable: true` on a 500', { status: 500, body: { ...error(), retryable: true } }],
  ['`retryable: true` on a 400', { status: 400, body: { ...error(), retryable: true } }],
  ['`retryable: true` with a delay', { status: 503, body: { ...error(), retryable: true, retryAfter: 3 } }],
  ['a state rejection', { template: '/orders/{id}/cancel', status: 409, body: error({ currentState: 'shipped', allowedActions: ['return'] }) }],
  [
    'a whole state rejection',
    { template: '/orders/{id}/cancel', status: 409, body: error({ currentState: 'shipped', allowedActions: ['return'], refreshUrl: '/orders/o1' }) },
  ],
  ['a snake-case state rejection', { template: '/orders/{id}/cancel', status: 409, body: error({ current_state: 'shipped' }) }],
  ['a 422 state rejection', { template: '/orders/{id}/cancel', status: 422, body: error({ currentState: 'shipped', allowedActions: ['return'] }) }],
  ['a 422 naming a field and a state', { template: '/orders/{id}/cancel', status: 422, body: error({ field: 'qty', currentState: 'shipped' }) }],
  ['a state carried by a GET', { method: 'get', template: '/orders/{id}/history', status: 409, body: error({ currentState: 'shipped' }) }],
];

/** One response declared as each version writes it: OpenAPI 3.x under `content`, Swagger 2.0 beside `schema` and `examples`. */
function adversarialDoc(version: string, method: string, template: string, status: number, body: unknown, location: boolean): Json {
  const swagger = version === '2.0';
  const header = swagger ? { type: 'string' } : { schema: { type: 'string' } };
  const declared = {
    description: 'The answer',
    headers: location ? { Location: header } : {},
    ...(swagger
      ? { schema: exactSchema(body), examples: { 'application/json': body } }
      : { content: { 'application/json': { schema: exactSchema(body), example: body } } }),
  };
  const resources = {
    '/orders/{id}': { get: { responses: { '200': { description: 'The order' } } }, delete: { responses: { '204': { description: 'Gone' } } } },
  };
  return {
    ...(swagger ? { swagger: version, produces: ['application/json'] } : { openapi: version }),
    info: { title: 'Adversarial', version: '1' },
    paths: { ...resources, [template]: { [method]: { responses: { [status]: declared } } } },
  };
}

describe.each(['3.0.3', '3.1.0', '2.0'])('OpenAPI %s: on adversarial bodies, declared exactly, the runtime guard and the lint agree', version => {
  test.each(ADVERSARIAL)('%s', async (_, { method = 'post', template = '/orders', status, body, location = false }) => {
    const doc = adversarialDoc(version, method, template, status, body, location);
    const at = ['paths', template, method, 'responses', String(status)].join(' ');
    const lint = [];
    for (const rule of RULES) if ((await runRule(rule, doc)).some(found => found.path.slice(0, 5).join(' ') === at)) lint.push(rule);
    const path = template.replace('{id}', 'o1');
    const sent = checkResponse(doc, { method, path, status, headers: location ? { location: '/orders/o1' } : {}, body });
    expect(RULES.filter(rule => sent.some(found => found.rule === rule))).toEqual(lint);
  });
});

describe('each side judges the statuses its rule reads (lib/semantics/scope.ts)', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Parity', version: '1' },
    paths: {
      '/orders': {
        post: {
          responses: {
            '201': { description: 'Created' },
            '500': { description: 'Failed', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } },
          },
        },
      },
    },
  };
  const runtime = (body: unknown) => checkResponse(doc, { method: 'POST', path: '/orders', status: 500, headers: {}, body }).map(found => found.rule);

  test('a 5xx body without a code fails ax-recoverable-error-structure on both sides; a 5xx is asked no recovery hint', async () => {
    expect((await runRule('ax-recoverable-error-structure', doc)).map(found => found.path.slice(0, 5).join(' '))).toEqual(['paths /orders post responses 500']);
    expect(runtime({ message: 'The order store is down.' })).toEqual(['ax-recoverable-error-structure']);
    expect(runtime({ code: 'INTERNAL_ERROR', message: 'The order store is down.' })).toEqual([]);
    expect(await runRule('ax-recoverable-suggestion', doc)).toEqual([]);
  });
});

describe('links that carry a method stand in for next steps on both sides', () => {
  const link = (properties: Record<string, unknown>) => ({ type: 'object', properties: { href: { type: 'string' }, ...properties } });
  const api = (item: unknown) => ({
    openapi: '3.0.3',
    info: { title: 'Links', version: '1' },
    paths: {
      '/orders': {
        post: {
          responses: {
            '201': {
              description: 'Created',
              content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, links: { type: 'array', items: item } } } } },
            },
          },
        },
      },
    },
  });
  const runtime = (doc: object, body: unknown, options = {}) =>
    checkResponse(doc, { method: 'POST', path: '/orders', status: 201, headers: {}, body }, options).map(found => found.rule);
  const callable = api(link({ method: { type: 'string' } }));
  const hrefOnly = api(link({}));

  test('every link with an href and a method: both silent; `hypermedia: false` makes both ask for `nextSteps`', async () => {
    const body = { id: 'o1', links: [{ href: '/orders/o1', method: 'GET' }] };
    expect(await runRule('ax-envelope-next-steps', callable)).toEqual([]);
    expect(runtime(callable, body)).toEqual([]);
    expect((await runRule('ax-envelope-next-steps', callable, { hypermedia: false })).length).toBe(1);
    expect(runtime(callable, body, { hypermedia: false })).toEqual(['ax-envelope-next-steps']);
  });

  test('links with an href alone: both fire', async () => {
    expect((await runRule('ax-envelope-next-steps', hrefOnly)).length).toBe(1);
    expect(runtime(hrefOnly, { id: 'o1', links: [{ href: '/orders/o1' }] })).toEqual(['ax-envelope-next-steps']);
  });
});
