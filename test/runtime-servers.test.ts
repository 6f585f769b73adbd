/** The Fastify plugin and the Express middleware on real servers (127.0.0.1, a free port), in both modes. */
import express from 'express';
import Fastify from 'fastify';
import type { AddressInfo, Server } from 'node:net';
import { Readable } from 'node:stream';
import * as client from 'prom-client';
import { checkResponse, expressAgentUx, fastifyAgentUx, promViolationCounter, type GuardOptions, type Violation, type ViolationContext } from '../runtime';
import { routeNotices } from '../runtime/guard';
import { API, SCENARIOS, type Scenario } from './support/runtimeApi';

/** What the next request gets: a scenario's JSON, or text, or a stream. */
type Reply = Pick<Scenario, 'status' | 'headers' | 'body'> & { as?: 'json' | 'text' | 'stream' };
let next: Reply = { status: 200, body: {} };

interface Running {
  url: string;
  close(): Promise<void>;
}

async function startFastify(options: Omit<GuardOptions, 'spec'>): Promise<Running> {
  const app = Fastify();
  await app.register(fastifyAgentUx, { spec: API, ...options });
  const handler = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    reply.code(next.status).headers(next.headers ?? {});
    if (next.as === 'text') return reply.type('text/plain').send(String(next.body));
    if (next.as === 'stream') return reply.type('application/json').send(Readable.from([JSON.stringify(next.body)]));
    return reply.send(next.body);
  };
  // A route the description does not declare, with a pattern of its own, and a catch-all for the declared ones.
  app.put('/v1/invoices/:id', handler);
  app.all('/*', handler);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

async function startExpress(options: Omit<GuardOptions, 'spec'>): Promise<Running> {
  const app = express();
  app.use(expressAgentUx({ spec: API, ...options }));
  const handler = (_request: express.Request, response: express.Response) => {
    response.status(next.status).set(next.headers ?? {});
    if (next.as === 'text') return void response.type('text/plain').send(String(next.body));
    if (next.as === 'stream') return void Readable.from([JSON.stringify(next.body)]).pipe(response.type('application/json'));
    response.json(next.body);
  };
  app.put('/v1/invoices/:id', handler);
  app.use(handler);
  const server = await new Promise<Server>(resolve => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise(resolve => server.close(() => resolve())) };
}

async function call(running: Running, method: string, path: string, reply: Reply) {
  next = reply;
  const response = await fetch(`${running.url}${path}`, { method });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') === true ? JSON.parse(text) : undefined;
  return { status: response.status, text, json };
}

const FRAMEWORKS = [
  ['Fastify', startFastify],
  ['Express', startExpress],
] as const;

describe.each(FRAMEWORKS)('%s', (_framework, start) => {
  const calls: [Violation, ViolationContext][] = [];
  const onViolation = (violation: Violation, context: ViolationContext) => void calls.push([violation, context]);
  let strict: Running;
  let observe: Running;
  beforeAll(async () => {
    strict = await start({ mode: 'strict', onViolation });
    observe = await start({ mode: 'observe', sample: 1, onViolation, undeclared: true });
  });
  afterAll(async () => {
    await strict.close();
    await observe.close();
  });
  beforeEach(() => void (calls.length = 0));

  test.each(SCENARIOS.map(scenario => [scenario.name, scenario] as const))('strict: %s', async (_name, scenario) => {
    const { status, json } = await call(strict, scenario.method, scenario.path, scenario);
    if (scenario.rules.length === 0) {
      expect({ status, json }).toEqual({ status: scenario.status, json: scenario.body });
      return;
    }
    const violations = checkResponse(API, scenario);
    expect(status).toBe(500);
    expect(json).toEqual({
      code: 'AGENT_UX_VIOLATION',
      message: violations[0].message,
      rule: scenario.rules[0],
      method: scenario.method,
      route: scenario.route,
      status: scenario.status,
      violations,
    });
    expect(calls.map(([violation]) => violation.rule)).toEqual(scenario.rules);
  });

  test.each(SCENARIOS.map(scenario => [scenario.name, scenario] as const))('observe: %s', async (_name, scenario) => {
    const { status, json } = await call(observe, scenario.method, scenario.path, scenario);
    expect({ status, json }).toEqual({ status: scenario.status, json: scenario.body });
    const context = { method: scenario.method, route: scenario.route, status: scenario.status };
    expect(calls).toEqual(checkResponse(API, scenario).map(violation => [violation, context]));
    expect(calls.map(([violation]) => violation.rule)).toEqual(scenario.rules);
  });

  test('text and streamed bodies pass unchecked, even in strict mode', async () => {
    expect(await call(strict, 'POST', '/v1/orders', { status: 400, body: 'Amount is negative.', as: 'text' })).toMatchObject({
      status: 400,
      text: 'Amount is negative.',
    });
    expect(await call(strict, 'POST', '/v1/orders', { status: 201, body: { id: 'o1' }, as: 'stream' })).toMatchObject({ status: 201, json: { id: 'o1' } });
    expect(calls).toEqual([]);
  });

  test('an undeclared route is reported once, when asked, and its response goes out', async () => {
    for (const id of ['i1', 'i2'])
      expect(await call(observe, 'PUT', `/v1/invoices/${id}`, { status: 200, body: { id } })).toMatchObject({ status: 200, json: { id } });
    expect(calls.map(([violation, context]) => [violation.rule, context])).toEqual([['undeclared', { method: 'PUT', route: '/v1/invoices/:id', status: 200 }]]);
    expect(await call(strict, 'PUT', '/v1/invoices/i3', { status: 200, body: { id: 'i3' } })).toMatchObject({ status: 200, json: { id: 'i3' } });
  });

  test('observe mode: a throwing onViolation and a body no check can read leave the response alone', async () => {
    const fragile = await start({
      mode: 'observe',
      sample: 1,
      onViolation: () => {
        throw new Error('metrics down');
      },
    });
    try {
      expect(await call(fragile, 'POST', '/v1/orders', { status: 201, body: { id: 'o1' } })).toMatchObject({ status: 201, json: { id: 'o1' } });
      const odd = { nextSteps: [null, 7, [], { href: 12 }], nextActions: {}, error: [] };
      expect(await call(fragile, 'POST', '/v1/orders', { status: 409, body: odd })).toMatchObject({ status: 409, json: odd });
    } finally {
      await fragile.close();
    }
  });

  test('the prom-client counter counts by rule, message id, route and method', async () => {
    const registry = new client.Registry();
    const counted = await start({ mode: 'observe', sample: 1, onViolation: promViolationCounter(client, { registry }) });
    try {
      const [missing, , , , badRequest] = SCENARIOS;
      for (const scenario of [missing, missing, badRequest, SCENARIOS[12]]) await call(counted, scenario.method, scenario.path, scenario);
      const lines = (await registry.metrics()).split('\n').filter(line => line.startsWith('agent_ux_violations_total{'));
      expect(lines.sort()).toEqual([
        'agent_ux_violations_total{rule="ax-envelope-next-steps",message_id="liveNoSteps",route="/orders",method="POST"} 2',
        'agent_ux_violations_total{rule="ax-recoverable-error-structure",message_id="liveNoCode",route="/orders",method="POST"} 1',
        'agent_ux_violations_total{rule="ax-recoverable-suggestion",message_id="liveNoHint",route="/orders",method="POST"} 1',
      ]);
      // A second adapter on the same registry counts into the same metric instead of failing to register.
      const noSteps = { rule: 'ax-envelope-next-steps', messageId: 'liveNoSteps', data: {}, message: '' };
      promViolationCounter(client, { registry })(noSteps, { method: 'POST', route: '/orders', status: 201 });
      expect(await registry.metrics()).toContain(
        'agent_ux_violations_total{rule="ax-envelope-next-steps",message_id="liveNoSteps",route="/orders",method="POST"} 3',
      );
    } finally {
      await counted.close();
    }
  });
});

test('registration refuses a description that is not OpenAPI', async () => {
  const message = 'spectral-agent-ux/runtime: the description has no `openapi: 3.x` (or `swagger: "2.0"`) at its root, so it is not an OpenAPI description.';
  await expect(
    Fastify()
      .register(fastifyAgentUx, { spec: { info: {} } })
      .ready(),
  ).rejects.toThrow(message);
  expect(() => expressAgentUx({ spec: { info: {} } })).toThrow(message);
});

describe('the route that answered, on real servers in strict mode', () => {
  const created = { id: 'o1' };
  /** Fastify with one declared route and no catch-all: other paths get Fastify's own 404. */
  async function fastifyApp(): Promise<Running> {
    const app = Fastify();
    await app.register(fastifyAgentUx, { spec: API, mode: 'strict' });
    app.post('/v1/orders', async (_request, reply) => reply.code(201).send(created));
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    return { url, close: () => app.close() };
  }
  /** Express, case-insensitive as by default, with a JSON 404 for everything else. */
  async function expressApp(): Promise<Running> {
    const app = express();
    app.use(expressAgentUx({ spec: API, mode: 'strict' }));
    app.post('/v1/orders', (_request, response) => void response.status(201).json(created));
    app.use((_request, response) => void response.status(404).json({ message: 'No such route.' }));
    const server = await new Promise<Server>(resolve => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise(resolve => server.close(() => resolve())) };
  }
  const send = async (running: Running, path: string) => {
    const response = await fetch(`${running.url}${path}`, { method: 'POST' });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  test('Fastify: its own 404 for a path it routed nowhere goes out untouched; a decoded path is judged on its route', async () => {
    const running = await fastifyApp();
    try {
      for (const path of ['/v1/orders/', '/v1//orders']) expect(await send(running, path)).toMatchObject({ status: 404, json: { statusCode: 404 } });
      expect(await send(running, '/v1/%6Frders')).toMatchObject({ status: 500, json: { rule: 'ax-envelope-next-steps', route: '/orders' } });
    } finally {
      await running.close();
    }
  });

  test('Express: a 404 sent outside any route goes out untouched; a differently cased path is judged on its route', async () => {
    const running = await expressApp();
    try {
      expect(await send(running, '/v1/orders/extra')).toEqual({ status: 404, json: { message: 'No such route.' } });
      expect(await send(running, '/V1/ORDERS')).toMatchObject({ status: 500, json: { rule: 'ax-envelope-next-steps', route: '/orders' } });
    } finally {
      await running.close();
    }
  });
});

describe("the app's routes, judged once at start-up (Fastify when ready, Express at its first request)", () => {
  const NOT_CHECKED = (routes: string, hint: string) =>
    `spectral-agent-ux/runtime: 2 of 2 routes match no operation of the description, so their responses are not checked: ${routes}. Declare them under \`paths\`${hint}.`;
  const WITHOUT_BASE =
    "spectral-agent-ux/runtime: the app serves its routes without the servers' base path `/v1` (`POST /orders`, `GET /orders/:id`), so they are matched as written under `paths`.";

  /** The warnings the guard emits while an app with `POST <mount>/orders` and `GET <mount>/orders/:id` starts and answers once. */
  async function noticesOf(framework: 'fastify' | 'express', mount: string, options: Omit<GuardOptions, 'spec'> = {}): Promise<string[]> {
    const emitted = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      if (framework === 'fastify') {
        const app = Fastify();
        await app.register(fastifyAgentUx, { spec: API, mode: 'observe', sample: 1, ...options });
        app.post(`${mount}/orders`, async () => ({}));
        app.get(`${mount}/orders/:id`, async () => ({}));
        app.all('/*', async () => ({}));
        await app.ready();
        await app.close();
      } else {
        const app = express();
        app.use(expressAgentUx({ spec: API, mode: 'observe', sample: 1, ...options }));
        app.post(`${mount}/orders`, (_request, response) => void response.json({}));
        app.get(`${mount}/orders/:id`, (_request, response) => void response.json({}));
        const server = await new Promise<Server>(resolve => {
          const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
        });
        const { port } = server.address() as AddressInfo;
        for (let i = 0; i < 2; i++) await (await fetch(`http://127.0.0.1:${port}${mount}/orders/o1`)).text();
        await new Promise(resolve => server.close(resolve));
      }
      return emitted.mock.calls.map(([warning]) => String(warning));
    } finally {
      emitted.mockRestore();
    }
  }

  test.each(['fastify', 'express'] as const)('%s: routes as the description writes them, with its base path: nothing to say', async framework => {
    expect(await noticesOf(framework, '/v1')).toEqual([]);
  });

  test.each(['fastify', 'express'] as const)("%s: routes served without the servers' base path are matched so, and said once", async framework => {
    expect(await noticesOf(framework, '')).toEqual([WITHOUT_BASE]);
  });

  test.each(['fastify', 'express'] as const)('%s: an app mounted elsewhere checks nothing, and says so; basePath fixes it', async framework => {
    expect(await noticesOf(framework, '/api')).toEqual([
      NOT_CHECKED('`POST /api/orders`, `GET /api/orders/:id`', ', or set `basePath` to where the app is mounted'),
    ]);
    expect(await noticesOf(framework, '/api', { basePath: '/api' })).toEqual([
      WITHOUT_BASE.replaceAll('`POST /orders`, `GET /orders/:id`', '`POST /api/orders`, `GET /api/orders/:id`'),
    ]);
    expect(await noticesOf(framework, '/api/v1', { basePath: '/api' })).toEqual([]);
  });

  test('a route the description lacks among declared ones (a health check) is said only with `undeclared`', () => {
    const routes = [
      { method: 'POST', url: '/v1/orders' },
      { method: 'GET', url: '/health' },
      { method: 'OPTIONS', url: '/v1/orders' },
    ];
    expect(routeNotices(API, routes)).toEqual([]);
    expect(routeNotices(API, routes, { undeclared: true })).toEqual([
      'spectral-agent-ux/runtime: 1 of 2 routes match no operation of the description, so their responses are not checked: `GET /health`. Declare them under `paths`.',
    ]);
  });
});

describe("Express's default error handler, where docs/runtime.md says the guard cannot see", () => {
  /** GET /v1/orders/:id throws; with `middleware`, an error middleware answers in JSON as docs/runtime.md advises (leaking the stack, which the guard then sees). */
  async function throwing(middleware: boolean) {
    const violations: Violation[] = [];
    const app = express();
    app.use(expressAgentUx({ spec: API, mode: 'observe', sample: 1, onViolation: violation => violations.push(violation) }));
    app.get('/v1/orders/:id', () => {
      throw new Error('boom');
    });
    if (middleware)
      app.use((error: Error, _request: express.Request, response: express.Response, _next: express.NextFunction) => {
        void response.status(500).json({ code: 'INTERNAL', message: error.message, stack: error.stack });
      });
    const server = await new Promise<Server>(resolve => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/orders/o1`);
      return { status: response.status, type: response.headers.get('content-type'), violations: violations.map(violation => violation.rule) };
    } finally {
      await new Promise(resolve => server.close(resolve));
    }
  }

  test('a thrown error becomes an HTML page the guard never sees; the documented error middleware brings it through res.json, where it is checked', async () => {
    expect(await throwing(false)).toEqual({ status: 500, type: 'text/html; charset=utf-8', violations: [] });
    const answered = await throwing(true);
    expect(answered).toMatchObject({ status: 500, type: 'application/json; charset=utf-8' });
    expect(answered.violations).toContain('ax-recoverable-no-stack-traces');
  });
});
