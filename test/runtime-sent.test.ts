/**
 * The guard reads what the framework sends, once, and a client cannot buy more than a bounded amount of its
 * work: real Fastify 5 and Express 5 servers on 127.0.0.1, in observe mode. Work is counted (hrefs matched,
 * suggestions computed, violations reported) for n and 4n steps; nothing here is timed.
 */
import express from 'express';
import Fastify from 'fastify';
import type { AddressInfo, Server } from 'node:net';
import { expressAgentUx, fastifyAgentUx, type Violation } from '../runtime';
import { MAX_STEPS, MAX_SUGGESTIONS } from '../runtime/checks';
import { MAX_ITEMS } from '../runtime/input';
import { prepare } from '../runtime/description';
import { API, GOOD_STEPS } from './support/runtimeApi';

interface Running {
  url: string;
  close(): Promise<void>;
}

/** What the routes answer: a body made fresh for each request (so that a getter or `toJSON` counts its own reads). */
type Answer = (request: { body: unknown }) => unknown;

/** POST /v1/orders answers 201, GET /v1/orders/:id 200 (and HEAD, through the GET route), both with `answer`. */
async function fastifyApp(answer: Answer, guard: boolean, seen: Violation[]): Promise<Running> {
  const app = Fastify({ bodyLimit: 4 * 1024 * 1024 });
  if (guard) await app.register(fastifyAgentUx, { spec: API, mode: 'observe', sample: 1, onViolation: violation => void seen.push(violation) });
  app.post('/v1/orders', async (request, reply) => reply.code(201).send(answer(request)));
  app.get('/v1/orders/:id', async request => answer(request));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

async function expressApp(answer: Answer, guard: boolean, seen: Violation[]): Promise<Running> {
  const app = express();
  app.use(express.json({ limit: '4mb' }));
  if (guard) app.use(expressAgentUx({ spec: API, mode: 'observe', sample: 1, onViolation: violation => void seen.push(violation) }));
  app.post('/v1/orders', (request, response) => void response.status(201).json(answer(request)));
  // res.send with an object, which Express hands to res.json.
  app.get('/v1/orders/:id', (request, response) => void response.send(answer(request)));
  const server = await new Promise<Server>(resolve => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise(resolve => server.close(() => resolve())) };
}

const FRAMEWORKS = [
  ['Fastify', fastifyApp],
  ['Express', expressApp],
] as const;

async function request(running: Running, method: string, path: string, body?: unknown) {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
}

/** A body with an own getter that counts its reads, and one whose `toJSON` counts its calls. */
const counting: Record<string, () => Answer> = {
  'a getter': () => () => {
    let reads = 0;
    return {
      id: 'o1',
      nextSteps: GOOD_STEPS,
      get seen() {
        return ++reads;
      },
    };
  },
  toJSON: () => () => {
    let calls = 0;
    return { toJSON: () => ({ id: 'o1', nextSteps: GOOD_STEPS, seen: ++calls }) };
  },
};

describe.each(FRAMEWORKS)('%s: the guard reads what is sent, once', (_framework, start) => {
  test.each(Object.keys(counting))('a body with %s is evaluated once: what is sent is what an unguarded server sends', async kind => {
    const sent: Record<string, unknown> = {};
    for (const guard of [false, true]) {
      const seen: Violation[] = [];
      const running = await start(counting[kind](), guard, seen);
      try {
        const created = await request(running, 'POST', '/v1/orders');
        const read = await request(running, 'GET', '/v1/orders/o1');
        const head = await request(running, 'HEAD', '/v1/orders/o1');
        sent[String(guard)] = { created: [created.status, created.text], read: [read.status, read.text], sameEtag: read.etag === head.etag };
        expect(JSON.parse(created.text)).toMatchObject({ seen: 1 });
        expect(seen).toEqual([]);
      } finally {
        await running.close();
      }
    }
    expect(sent.true).toEqual(sent.false);
  });

  test('the payload read is the one checked: a getter that would add the missing steps on a second read does not hide the violation', async () => {
    const seen: Violation[] = [];
    const answer: Answer = () => {
      let reads = 0;
      return {
        id: 'o1',
        // What a second serialization would see: steps, where the sent body has none.
        get nextSteps() {
          return ++reads === 1 ? undefined : GOOD_STEPS;
        },
      };
    };
    const running = await start(answer, true, seen);
    try {
      expect(await request(running, 'POST', '/v1/orders')).toMatchObject({ status: 201, text: '{"id":"o1"}' });
      expect(seen.map(violation => violation.rule)).toEqual(['ax-envelope-next-steps']);
    } finally {
      await running.close();
    }
  });
});

describe.each(FRAMEWORKS)('%s: an endpoint that echoes client input buys a bounded amount of checking', (_framework, start) => {
  /** Steps to routes that do not exist, each with a fresh href, as an echoing endpoint sends them. */
  let fresh = 0;
  const steps = (count: number) =>
    Array.from({ length: count }, () => ({ action: 'Read', method: 'GET', href: `/v1/nowhere/n${fresh++}`, description: 'Read it.' }));

  /** The work one echoed request of `count` steps costs: hrefs matched, suggestions computed, violations reported. */
  async function work(running: Running, seen: Violation[], count: number) {
    const { matcher } = prepare(API);
    const match = jest.spyOn(matcher, 'match');
    const suggest = jest.spyOn(matcher, 'suggest');
    seen.length = 0;
    try {
      const echoed = await request(running, 'POST', '/v1/orders', { id: 'o1', nextSteps: steps(count) });
      expect(echoed.status).toBe(201);
      return { matched: match.mock.calls.length, suggested: suggest.mock.calls.length, reported: seen.length };
    } finally {
      match.mockRestore();
      suggest.mockRestore();
    }
  }

  test('n and 4n steps cost the same, at most the cap; the cap is said once per route', async () => {
    const seen: Violation[] = [];
    const running = await start(request => request.body, true, seen);
    try {
      const n = await work(running, seen, 500);
      const notices = seen.filter(violation => violation.rule === 'agent-ux-guard');
      const fourN = await work(running, seen, 2_000);
      expect(fourN).toEqual({ ...n, reported: n.reported - notices.length });
      expect(n.matched).toBeLessThanOrEqual(MAX_STEPS + 1);
      expect(n.suggested).toBeLessThanOrEqual(MAX_SUGGESTIONS);
      expect(notices.map(violation => violation.message)).toEqual([
        `POST /orders 201: spectral-agent-ux checked this response within the guard's limits per response (the first ${MAX_ITEMS} items of each array; the first ${MAX_STEPS} steps); the rest was not checked. Said once per route.`,
      ]);
    } finally {
      await running.close();
    }
  });

  test('a response within the cap is checked whole, with no notice', async () => {
    const seen: Violation[] = [];
    const running = await start(request => request.body, true, seen);
    try {
      const within = await work(running, seen, MAX_STEPS);
      expect(within.reported).toBe(MAX_STEPS);
      expect(seen.filter(violation => violation.rule === 'agent-ux-guard')).toEqual([]);
    } finally {
      await running.close();
    }
  });
});

describe("Fastify's own error answers, which the guard now reads as sent", () => {
  test("a validation error of Fastify's default error handler is checked, and goes out unchanged in observe mode", async () => {
    const seen: Violation[] = [];
    const app = Fastify();
    await app.register(fastifyAgentUx, { spec: API, mode: 'observe', sample: 1, onViolation: violation => void seen.push(violation) });
    const schema = { body: { type: 'object', required: ['amount'], properties: { amount: { type: 'number' } } } };
    app.post('/v1/orders', { schema }, async (_request, reply) => reply.code(201).send({ id: 'o1', nextSteps: GOOD_STEPS }));
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const answer = await request({ url, close: async () => undefined }, 'POST', '/v1/orders', {});
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'FST_ERR_VALIDATION', message: "body must have required property 'amount'" });
      expect(seen.map(violation => violation.rule)).toEqual(['ax-recoverable-suggestion']);
    } finally {
      await app.close();
    }
  });
});
