/**
 * The runtime guard under hostile and careless input: it runs inside production servers, so its work per
 * response is bounded, it never throws in observe mode, and it judges what is sent on the route that
 * answered. What bounds the work is asserted here (no suggestion for a long path, ten suggestions per
 * response, a body over the budget skipped); how fast it is, `npm run bench` measures (its hostile rows).
 */
import fc from 'fast-check';
import { agentUxGuard, checkResponse, expressAgentUx, fastifyAgentUx, type ResponseInput, type Violation } from '../runtime';
import * as errorShapes from '../lib/errors/value-shapes';
import * as stackTraces from '../lib/errors/stack-traces';
import { MAX_STEPS, MAX_SUGGESTIONS, MAX_TEXT } from '../runtime/checks';
import { MAX_BODY_DEPTH, MAX_BODY_LENGTH, MAX_ITEMS } from '../runtime/input';
import { API, GOOD_STEPS } from './support/runtimeApi';

const post = (path: string, status: number, body: unknown): ResponseInput => ({ method: 'POST', path, status, headers: {}, body });
const rules = (input: ResponseInput) => checkResponse(API, input).map(found => found.rule);
/** `depth` arrays inside one another, as JSON text. */
const brackets = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

const fieldErrors = (count: number) => ({
  code: 'INVALID',
  message: 'Invalid.',
  errors: Array.from({ length: count }, (_, i) => ({ code: 'INVALID', message: 'Invalid.', field: `items[${i}].sku` })),
});

describe('bounded work per response', () => {
  test('a 16,000-character request path gets no suggestion (computing one stalled a server for half a minute) and a short message', () => {
    const long = `/v1/${'a'.repeat(16_000)}`;
    const seen: Violation[] = [];
    const guard = agentUxGuard({ spec: API, mode: 'observe', sample: 1, undeclared: true, onViolation: violation => void seen.push(violation) });
    guard.inspect({ method: 'GET', path: long, status: 404, body: {} });
    expect(seen.map(violation => [violation.rule, violation.message.includes('did you mean'), violation.message.length < 500])).toEqual([
      ['undeclared', false, true],
    ]);
    expect(checkResponse(API, { method: 'POST', path: `/v1/orders/${'b'.repeat(16_000)}/cancel/x`, status: 200, body: {} })).toEqual([]);
  });

  test('a 16,000-character unmatched href is reported without a suggestion', () => {
    const href = `/v1/order/${'c'.repeat(16_000)}`;
    const sent = post('/v1/orders', 201, { id: 'o1', nextSteps: [{ action: 'Read', method: 'GET', href, description: 'Read it.' }] });
    expect(checkResponse(API, sent).map(found => found.message)).toEqual([
      `POST /orders 201: \`nextSteps[0]\` links to "${href.slice(0, 60)}…", which matches no declared route. An agent following it gets a 404. Build it from a declared route (server base path included).`,
    ]);
  });

  test('thousands of distinct unmatched hrefs in one body: the first steps are checked, the first few get a suggestion', () => {
    const steps = Array.from({ length: 2_500 }, (_, i) => ({ action: 'Read', method: 'GET', href: `/v1/order/o${i}`, description: 'Read it.' }));
    const sent = post('/v1/orders', 201, { id: 'o1', nextSteps: steps });
    const messages = checkResponse(API, sent)
      .filter(found => found.rule === 'ax-envelope-next-steps-href')
      .map(found => found.message);
    expect(messages).toHaveLength(MAX_STEPS);
    expect(messages.filter(message => message.includes('did you mean'))).toHaveLength(MAX_SUGGESTIONS);
  });

  test('a body over the budget is not checked, and says so once per route', () => {
    const huge = fieldErrors(64_000);
    expect(JSON.stringify(huge).length).toBeGreaterThan(MAX_BODY_LENGTH);
    const seen: Violation[] = [];
    const guard = agentUxGuard({ spec: API, mode: 'observe', sample: 1, onViolation: violation => void seen.push(violation) });
    guard.inspect(post('/v1/orders', 400, huge));
    guard.inspect(post('/v1/orders', 400, huge));
    expect(seen).toEqual([
      {
        rule: 'agent-ux-guard',
        messageId: 'unchecked',
        data: { why: `its body is over the guard's limit of ${MAX_BODY_LENGTH} characters of JSON` },
        message: `POST /orders 400: spectral-agent-ux could not finish: its body is over the guard's limit of ${MAX_BODY_LENGTH} characters of JSON; this response was not checked.`,
      },
    ]);
  });

  test('a body nested deeper than the limit is not checked and says so; one at the limit is checked', () => {
    const nested = (depth: number): unknown => (depth === 1 ? { id: 'o1' } : { data: nested(depth - 1) });
    expect(checkResponse(API, post('/v1/orders', 201, nested(MAX_BODY_DEPTH))).map(found => found.rule)).toEqual(['ax-envelope-next-steps']);
    const seen: Violation[] = [];
    const guard = agentUxGuard({ spec: API, mode: 'observe', sample: 1, onViolation: violation => void seen.push(violation) });
    guard.inspect(post('/v1/orders', 201, nested(MAX_BODY_DEPTH + 1)));
    guard.inspect(post('/v1/orders', 201, nested(5_000)));
    expect(seen).toEqual([
      {
        rule: 'agent-ux-guard',
        messageId: 'unchecked',
        data: { why: `its body nests deeper than the guard's limit of ${MAX_BODY_DEPTH} levels` },
        message: `POST /orders 201: spectral-agent-ux could not finish: its body nests deeper than the guard's limit of ${MAX_BODY_DEPTH} levels; this response was not checked.`,
      },
    ]);
  });

  const deepNotice = {
    rule: 'agent-ux-guard',
    messageId: 'unchecked',
    data: { why: `its body nests deeper than the guard's limit of ${MAX_BODY_DEPTH} levels` },
    message: `POST /orders 201: spectral-agent-ux could not finish: its body nests deeper than the guard's limit of ${MAX_BODY_DEPTH} levels; this response was not checked.`,
  };
  const itemsNotice = {
    rule: 'agent-ux-guard',
    messageId: 'partlyChecked',
    data: { limits: `the first ${MAX_ITEMS} items of each array` },
    message: `POST /orders 201: spectral-agent-ux checked this response within the guard's limits per response (the first ${MAX_ITEMS} items of each array); the rest was not checked. Said once per route.`,
  };
  const items = Array(MAX_ITEMS).fill(0).join(',');
  test.each([
    ['at the limit', `{"id":"o1","data":${brackets(MAX_BODY_DEPTH - 1)}}`, ['ax-envelope-next-steps']],
    ['over the limit', `{"id":"o1","data":${brackets(MAX_BODY_DEPTH)}}`, [deepNotice]],
    ['over the limit, and no JSON', `{"id":"o1","data":${brackets(MAX_BODY_DEPTH)}`, [deepNotice]],
    ['no JSON, shallow', `{"id":"o1","data":`, []],
    ['over the limit in a long text', `{"id":"o1","pad":"${'x'.repeat(4000)}","data":${brackets(MAX_BODY_DEPTH)}}`, [deepNotice]],
    ['over the limit in an item past the first MAX_ITEMS', `{"id":"o1","items":[${items},${brackets(MAX_BODY_DEPTH - 1)}]}`, [deepNotice]],
    [
      'at the limit in an item past the first MAX_ITEMS',
      `{"id":"o1","items":[${items},${brackets(MAX_BODY_DEPTH - 2)}]}`,
      ['ax-envelope-next-steps', itemsNotice],
    ],
  ])('the framework text nested %s', (_name, payload, expected) => {
    const found = checkResponse(API, { method: 'POST', path: '/v1/orders', status: 201, headers: {}, payload });
    // The guard's notices by their message, the rules' findings by their rule.
    expect(found.map(violation => (violation.rule === 'agent-ux-guard' ? violation : violation.rule))).toEqual(expected);
  });

  test('a long key in the body is clipped where a message names the place: a message per finding stays short', () => {
    const key = 'k'.repeat(100_000);
    const sent = post('/v1/orders', 201, { id: 'o1', nextSteps: GOOD_STEPS, [key]: Array.from({ length: 40 }, () => ({ nextSteps: 'soon' })) });
    const messages = checkResponse(API, sent).map(found => found.message);
    expect(messages).toHaveLength(40);
    expect(messages[0]).toBe(
      `POST /orders 201: \`${'k'.repeat(40)}…[0].nextSteps\` is the string "soon", not a list of steps an agent can call. Send an array of { action, method, href, description }.`,
    );
    expect(Math.max(...messages.map(message => message.length))).toBeLessThan(300);
  });

  /** A 400 whose body grows with `count`, the lib function the guard hands part of it, and how much a call is handed. */
  interface Growing {
    module: Record<string, unknown>;
    name: string;
    size: (value: never) => number;
    body: (count: number) => object;
    /** n: 4n stays under the body's size limit. */
    n: number;
    limit: number;
  }
  const textLength = (text: string) => text.length;
  const TRACE = 'Error: boom\n    at handler (/srv/app/orders.js:12:7)\n';
  const GROWING: [string, Growing][] = [
    [
      'an error with an entry per item of the request: the error reader gets the first MAX_ITEMS entries',
      {
        module: errorShapes,
        name: 'describeErrorValue',
        size: (body: { errors?: unknown[] }) => (body.errors ?? []).length,
        // No hint beside the code and message: the table is asked for one (what the declared names answer is not read of it).
        body: count => fieldErrors(count),
        n: 400,
        limit: MAX_ITEMS,
      },
    ],
    [
      'a long message: the stack-trace search gets its first MAX_TEXT characters',
      {
        module: stackTraces,
        name: 'hasStackTrace',
        size: textLength,
        body: count => ({ code: 'INVALID', message: 'at a() in '.repeat(count), suggestion: 'Fix it.' }),
        n: 5_000,
        limit: MAX_TEXT,
      },
    ],
    [
      'a stack trace at the start of a long message: it is named from the part searched',
      {
        module: stackTraces,
        name: 'stackTraceRuntime',
        size: textLength,
        body: count => ({ code: 'INVALID', message: TRACE + 'at a() in '.repeat(count), suggestion: 'Fix it.' }),
        n: 5_000,
        limit: MAX_TEXT,
      },
    ],
  ];

  test.each(GROWING)('%s, for n and 4n alike (counted, not timed)', (_name, { module, name, size, body, n, limit }) => {
    const guard = agentUxGuard({ spec: API, mode: 'observe', sample: 1, onViolation: () => undefined });
    /** How much the lib function is handed in all while one response of `count` is checked. */
    const handed = (count: number) => {
      const spy = jest.spyOn(module as Record<string, (value: never) => unknown>, name);
      try {
        guard.inspect(post('/v1/orders', 400, body(count)));
        return spy.mock.calls.reduce((sum, [value]) => sum + size(value), 0);
      } finally {
        spy.mockRestore();
      }
    };
    expect([handed(n), handed(4 * n)]).toEqual([limit, limit]);
  });

  test('text shaped to make a stack-trace pattern read to its end at every start is judged like any text', () => {
    const texts = ['\n'.repeat(100_000), 'at a() in '.repeat(20_000), 'at a('.repeat(40_000), '\n\tat '.repeat(30_000)];
    // No stack trace found; only the notice that the text was searched to the guard's limit, every time.
    for (const text of texts) expect(rules(post('/v1/orders', 400, { code: 'INVALID', message: text, suggestion: 'Fix it.' }))).toEqual(['agent-ux-guard']);
  });

  test('a .NET frame is a stack trace up to its bounds: a parameter list of 300 characters and a path of 260', () => {
    const frame = (parameters: string, file: string) => `at Shop.Orders.Place(${parameters}) in ${file}:line 42`;
    const traced = (text: string) => rules(post('/v1/orders', 400, { code: 'INVALID', message: 'Invalid.', suggestion: 'Fix it.', detail: text }));
    expect(traced(frame('p'.repeat(300), `C:\\${'f'.repeat(257)}`))).toEqual(['ax-recoverable-no-stack-traces']);
    expect(traced(frame('p'.repeat(301), 'C:\\src\\Orders.cs'))).toEqual([]);
    expect(traced(frame('int count', `C:\\${'f'.repeat(258)}`))).toEqual([]);
  });
});

describe('never throws in observe mode, one clear TypeError for programming errors', () => {
  const seen: Violation[] = [];
  const guard = agentUxGuard({ spec: API, mode: 'observe', sample: 1, onViolation: violation => void seen.push(violation) });
  beforeEach(() => void (seen.length = 0));

  test.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a status of NaN', post('/v1/orders', NaN, { message: 'x' })],
    ['an undefined status', { method: 'POST', path: '/v1/orders', body: {} }],
    ['a path that is no string', { method: 'POST', path: null, status: 201, body: {} }],
    ['a method that is no string', { method: 7, path: '/v1/orders', status: 201, body: {} }],
  ])('inspect(%s) reports through onViolation and returns nothing', (_name, input) => {
    expect(guard.inspect(input as ResponseInput)).toBeUndefined();
    expect(seen.map(violation => violation.rule)).toEqual(['agent-ux-guard']);
  });

  test('a body whose getters throw is reported, not thrown', () => {
    const hostile = {
      get nextSteps(): unknown {
        throw new Error('getter');
      },
    };
    expect(guard.inspect(post('/v1/orders', 201, hostile))).toBeUndefined();
    expect(seen).toEqual([
      {
        rule: 'agent-ux-guard',
        messageId: 'unchecked',
        data: { why: 'its body cannot be serialized (getter)' },
        message: 'POST /orders 201: spectral-agent-ux could not finish: its body cannot be serialized (getter); this response was not checked.',
      },
    ]);
  });

  test('an adapter whose framework objects throw when read reports it and sends the response unchanged', () => {
    const broken = () => {
      throw new Error('headers already gone');
    };
    const violations: Violation[] = [];
    const options = { spec: API, mode: 'observe' as const, onViolation: (violation: Violation) => void violations.push(violation) };
    let hook: ((request: object, reply: object, payload: unknown, done: (error: null, payload: unknown) => void) => void) | undefined;
    const fastify = { addHook: (name: string, fn: typeof hook) => void (name === 'onSend' && (hook = fn)) };
    fastifyAgentUx(fastify as never, options, () => undefined);
    const sent: unknown[] = [];
    hook!(
      { method: 'POST', url: '/v1/orders' },
      { statusCode: 201, getHeaders: broken, getHeader: broken },
      '{"id":"o1"}',
      (_error, payload) => void sent.push(payload),
    );

    const middleware = expressAgentUx(options);
    const res = { statusCode: 201, send: (body: unknown) => void sent.push(body), status: broken, getHeaders: broken, getHeader: broken };
    middleware({ method: 'POST', url: '/v1/orders', app: {} }, res, () => undefined);
    res.send('{"id":"o2"}');

    expect(sent).toEqual(['{"id":"o1"}', '{"id":"o2"}']);
    const uncheckable = {
      rule: 'agent-ux-guard',
      messageId: 'uncheckable',
      data: { what: 'a response', why: 'headers already gone; please report this' },
      message: 'spectral-agent-ux could not check a response: headers already gone; please report this',
    };
    expect(violations).toEqual([uncheckable, uncheckable]);
  });

  test.each([
    ['a 400 with its code, message and hint', 400, '{"code":"INVALID","message":"Invalid.","suggestion":"Fix it."}', 0, []],
    ['a 400 flagged retryable (a retry delay is asked)', 400, '{"code":"INVALID","message":"Invalid.","suggestion":"Fix it.","retryable":true}', 1, []],
    ['a 429 (a retry delay is asked)', 429, '{"code":"SLOW_DOWN","message":"Too many.","suggestion":"Wait."}', 1, []],
    ['a 201 without next steps (a Location is asked)', 201, '{"id":"o1"}', 1, ['ax-envelope-next-steps']],
  ])("the Fastify hook reads the reply's headers only when a check asks: %s", (_name, status, payload, reads, rules) => {
    const violations: Violation[] = [];
    let hook: ((request: object, reply: object, payload: unknown, done: () => void) => void) | undefined;
    const fastify = { addHook: (name: string, fn: typeof hook) => void (name === 'onSend' && (hook = fn)) };
    fastifyAgentUx(fastify as never, { spec: API, mode: 'observe', sample: 1, onViolation: violation => void violations.push(violation) }, () => undefined);
    let read = 0;
    const getHeaders = () => (read++, { 'content-type': 'application/json', 'retry-after': '5' });
    hook!(
      { method: 'POST', url: '/v1/orders', routeOptions: { url: '/v1/orders' } },
      { statusCode: status, getHeaders, getHeader: () => 'application/json' },
      payload,
      () => {},
    );
    expect([read, violations.map(violation => violation.rule)]).toEqual([reads, rules]);
  });

  test('a status that is no HTTP status never yields error-rule findings', () => {
    for (const status of [NaN, undefined, 99, 600, 201.5]) {
      expect(() => checkResponse(API, { ...post('/v1/orders', 201, { message: 'x' }), status: status as number })).toThrow(
        /^spectral-agent-ux\/runtime: the response's `status` must be an HTTP status \(an integer from 100 to 599\), not /,
      );
    }
  });

  test.each([
    [{ method: 'POST', path: null, status: 201, body: {} }, "the response's `path` must be a string, not null."],
    [{ method: '', path: '/v1/orders', status: 201, body: {} }, 'the response\'s `method` must be a non-empty string, not the string "".'],
    [{ method: 'POST', path: '/v1/orders', status: 201, headers: 'x', body: {} }, 'the response\'s `headers` must be an object, not the string "x".'],
    [null, 'the response must be an object { method, path, status, headers?, body }, not null.'],
  ])('checkResponse(%j) throws one TypeError naming the mistake', (input, message) => {
    expect(() => checkResponse(API, input as ResponseInput)).toThrow(new TypeError(`spectral-agent-ux/runtime: ${message}`));
  });

  test.each([
    [
      { onviolation: () => undefined },
      'unknown option `onviolation`; did you mean `onViolation`? Known options: spec, mode, onViolation, names, prefixes, readOnly, hypermedia, undeclared, basePath, sample.',
    ],
    [
      { prefix: ['/v1/'] },
      'unknown option `prefix`; did you mean `prefixes`? Known options: spec, mode, onViolation, names, prefixes, readOnly, hypermedia, undeclared, basePath, sample.',
    ],
    [
      { names: { nextSteps: 'next' } },
      'option `names` must be an object of string arrays, e.g. { nextSteps: ["next"] } (`nextStepItem` may name the roles: { method: "verb" }), not an object.',
    ],
    [
      { names: { nextStepItem: { verb: 'method' } } },
      'option `names` must be an object of string arrays, e.g. { nextSteps: ["next"] } (`nextStepItem` may name the roles: { method: "verb" }), not an object.',
    ],
    [{ undeclared: 'yes' }, 'option `undeclared` must be a boolean, not the string "yes".'],
    [{ onViolation: 'log' }, 'option `onViolation` must be a function, not the string "log".'],
  ])('agentUxGuard(%j) throws at creation, before any response', (options, message) => {
    expect(() => agentUxGuard({ spec: API, ...options } as never)).toThrow(new TypeError(`spectral-agent-ux/runtime: ${message}`));
  });

  test('checkResponse takes only the checking options', () => {
    expect(() => checkResponse(API, post('/v1/orders', 201, {}), { mode: 'strict' } as never)).toThrow(
      new TypeError('spectral-agent-ux/runtime: unknown option `mode`. Known options: names, prefixes, readOnly, hypermedia, undeclared, basePath.'),
    );
  });

  test('property: inspect never throws, whatever it is handed', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (input, body) => {
        guard.inspect(input as ResponseInput);
        guard.inspect(post('/v1/orders', 201, body));
        guard.inspect(post('/v1/orders/o1/cancel', 409, body));
      }),
      { numRuns: 300 },
    );
  });

  test('property: checkResponse never throws on a well-formed response, whatever its path and JSON body', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'DELETE', 'PATCH'),
        fc.string(),
        fc.integer({ min: 100, max: 599 }),
        fc.json(),
        (method, path, status, json) => {
          checkResponse(API, { method, path: `/v1/${path}`, status, body: JSON.parse(json) as unknown });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('what a response yields grows with it, at most linearly', () => {
  // Timing is for `npm run bench`; here the output is bounded: each message short, at most one finding per JSON value.
  const long = fc.tuple(fc.string({ unit: fc.constantFrom('a', '/', '%', '{', '}', '.', ' ', '\n') }), fc.integer({ min: 1, max: 3_000 }));

  test('property: any path, any JSON body, any status: every message under 500 characters, findings no more than values', () => {
    fc.assert(
      fc.property(
        long.map(([unit, times]) => unit.repeat(times)),
        fc.constantFrom(200, 201, 400, 404, 409, 422, 429, 500, 503),
        fc.json({ maxDepth: 6 }),
        (path, status, json) => {
          const found = checkResponse(API, { method: 'POST', path: `/v1/orders${path}`, status, body: JSON.parse(json) as unknown }, { undeclared: true });
          expect(found.filter(violation => violation.message.length >= 500)).toEqual([]);
          expect(found.length).toBeLessThanOrEqual(json.length + 10);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('property: any hrefs, however long: every message under 500 characters, one per step at most', () => {
    fc.assert(
      fc.property(
        fc.array(
          long.map(([unit, times]) => `/v1/${unit.repeat(times)}`),
          { maxLength: 40 },
        ),
        hrefs => {
          const steps = hrefs.map(href => ({ action: 'Go', method: 'GET', href, description: 'Go there.' }));
          const found = checkResponse(API, post('/v1/orders', 201, { id: 'o1', nextSteps: steps }));
          expect(found.filter(violation => violation.message.length >= 500)).toEqual([]);
          expect(found.length).toBeLessThanOrEqual(Math.max(1, steps.length));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('judged as sent, on the route that answered', () => {
  test('a body whose toJSON adds the steps is judged with them; one whose toJSON drops them, without', () => {
    expect(rules(post('/v1/orders', 201, { id: 'o1', toJSON: () => ({ id: 'o1', nextSteps: GOOD_STEPS }) }))).toEqual([]);
    expect(rules(post('/v1/orders', 201, { id: 'o1', nextSteps: GOOD_STEPS, toJSON: () => ({ id: 'o1' }) }))).toEqual(['ax-envelope-next-steps']);
  });

  test('inherited members and class getters are not sent, so they do not count', () => {
    class Order {
      id = 'o1';
      get nextSteps() {
        return GOOD_STEPS;
      }
    }
    expect(rules(post('/v1/orders', 201, new Order()))).toEqual(['ax-envelope-next-steps']);
    expect(rules(post('/v1/orders', 201, Object.create({ nextSteps: GOOD_STEPS }) as object))).toEqual(['ax-envelope-next-steps']);
  });

  test("the framework's matched route names the operation: decoded and differently cased paths still find it", () => {
    const read = { method: 'GET', status: 200, body: { id: 'o1' } };
    expect(rules({ ...read, path: '/v1/%6Frders/o1', route: '/v1/orders/:id' })).toEqual([]);
    expect(checkResponse(API, { ...post('/V1/ORDERS', 201, { id: 'o1' }), route: '/v1/orders' }).map(found => found.message)).toEqual([
      'POST /orders 201: the response body has no `nextSteps`, so an agent cannot tell which call comes next. Send `nextSteps`: the calls that follow, each { action, method, href, description }.',
    ]);
  });

  test('a response to a request the framework routed nowhere (its own 404) is not checked', () => {
    expect(
      rules({ ...post('/v1/orders/', 404, { message: 'Route POST:/v1/orders/ not found', error: 'Not Found', statusCode: 404 }), matched: false }),
    ).toEqual([]);
    expect(rules(post('/v1/orders/', 404, { message: 'Route POST:/v1/orders/ not found', error: 'Not Found', statusCode: 404 }))).toEqual([
      'ax-recoverable-error-structure',
      'ax-recoverable-suggestion',
    ]);
  });
});
