// The Orders API of docs/code-first.md: Fastify 5 and @fastify/swagger, its description generated from the route schemas.
// `node examples/fastify-orders/server.mjs` serves it; `node examples/fastify-orders/openapi.mjs` prints the description.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import swagger from '@fastify/swagger';

const TOKEN = 'demo-token';

const Order = {
  $id: 'Order',
  type: 'object',
  required: ['id', 'sku', 'quantity', 'status'],
  properties: {
    id: { type: 'string' },
    sku: { type: 'string' },
    quantity: { type: 'integer' },
    status: { type: 'string', enum: ['pending', 'approved', 'cancelled'] },
  },
};

const OrderInput = {
  type: 'object',
  required: ['sku', 'quantity'],
  additionalProperties: false,
  properties: {
    sku: { type: 'string', minLength: 3, maxLength: 12, examples: ['SKU-123'] },
    quantity: { type: 'integer', minimum: 1, maximum: 100, examples: [2] },
  },
};

const byId = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };

export async function buildApp() {
  const app = Fastify();
  const orders = new Map();

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Orders', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  app.addSchema(Order);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url !== '/token' && request.headers.authorization !== `Bearer ${TOKEN}`) return reply.code(401).send({ error: 'Unauthorized' });
  });

  const find = (request, reply) => orders.get(request.params.id) ?? reply.code(404).send({ error: 'Not Found' });

  app.post('/token', {
    schema: {
      security: [],
      body: {
        type: 'object',
        required: ['username', 'password'],
        properties: { username: { type: 'string', examples: ['demo'] }, password: { type: 'string', examples: ['demo'] } },
      },
      response: { 200: { type: 'object', properties: { access_token: { type: 'string' }, token_type: { type: 'string' } } } },
    },
    handler: async (request, reply) => {
      if (request.body.username !== 'demo' || request.body.password !== 'demo') return reply.code(401).send({ error: 'Unauthorized' });
      return { access_token: TOKEN, token_type: 'Bearer' };
    },
  });

  app.post('/orders', {
    schema: { body: OrderInput, response: { 201: { $ref: 'Order#' } } },
    handler: async (request, reply) => {
      const order = { id: randomUUID(), ...request.body, status: 'pending' };
      orders.set(order.id, order);
      return reply.code(201).send(order);
    },
  });

  app.get('/orders', {
    schema: { response: { 200: { type: 'array', items: { $ref: 'Order#' } } } },
    handler: async () => [...orders.values()],
  });

  app.post('/orders/search', {
    schema: {
      body: { type: 'object', properties: { status: { type: 'string', enum: ['pending', 'approved', 'cancelled'] } } },
      response: { 200: { type: 'array', items: { $ref: 'Order#' } } },
    },
    handler: async request => [...orders.values()].filter(order => request.body.status === undefined || order.status === request.body.status),
  });

  app.get('/orders/:id', { schema: { params: byId, response: { 200: { $ref: 'Order#' } } }, handler: find });

  app.patch('/orders/:id', {
    schema: { params: byId, body: { ...OrderInput, required: [] }, response: { 200: { $ref: 'Order#' } } },
    handler: async (request, reply) => {
      const order = find(request, reply);
      return order === reply ? reply : Object.assign(order, request.body);
    },
  });

  app.delete('/orders/:id', {
    schema: { params: byId, response: { 204: { type: 'null' } } },
    handler: async (request, reply) => (orders.delete(request.params.id) ? reply.code(204).send() : reply.code(404).send({ error: 'Not Found' })),
  });

  for (const [action, from, to] of [
    ['cancel', 'pending', 'cancelled'],
    ['approve', 'pending', 'approved'],
  ]) {
    app.post(`/orders/:id/${action}`, {
      schema: { params: byId, response: { 200: { $ref: 'Order#' } } },
      handler: async (request, reply) => {
        const order = find(request, reply);
        if (order === reply) return reply;
        if (order.status !== from) return reply.code(409).send({ error: 'Conflict' });
        order.status = to;
        return order;
      },
    });
  }
  return app;
}
