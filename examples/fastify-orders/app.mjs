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

const NextStep = {
  $id: 'NextStep',
  type: 'object',
  required: ['action', 'method', 'href', 'description'],
  properties: {
    action: { type: 'string' },
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    href: { type: 'string' },
    description: { type: 'string' },
  },
};

// A mutation's answer: the shared Order and what to call next. Order alone stays the body of the reads.
const OrderWithNextSteps = {
  $id: 'OrderWithNextSteps',
  allOf: [{ $ref: 'Order#' }, { type: 'object', required: ['nextSteps'], properties: { nextSteps: { type: 'array', items: { $ref: 'NextStep#' } } } }],
};

// The error body of every rejection, the framework's own validation errors included (see the error handler).
const Problem = {
  $id: 'Problem',
  type: 'object',
  required: ['code', 'message', 'recoveryHint'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    recoveryHint: { type: 'string' },
    retryable: { type: 'boolean' },
    details: {
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
    currentState: { type: 'string' },
    refreshUrl: { type: 'string' },
    allowedActions: { type: 'array', items: { type: 'string' } },
  },
};

const problem = description => ({ description, $ref: 'Problem#' });
/** The rejections every order route can answer. */
const rejections = {
  400: problem('The input is invalid: `details` names each field.'),
  401: problem('The bearer token is missing or wrong.'),
  404: problem('No order has this id.'),
};

const steps = order => [
  { action: 'Read the order', method: 'GET', href: `/orders/${order.id}`, description: 'The order as it stands now.' },
  ...(order.status === 'pending'
    ? [
        { action: 'Approve the order', method: 'POST', href: `/orders/${order.id}/approve`, description: 'Approve it while it is pending.' },
        { action: 'Cancel the order', method: 'POST', href: `/orders/${order.id}/cancel`, description: 'Cancel it while it is pending.' },
      ]
    : []),
];
const withSteps = order => ({ ...order, nextSteps: steps(order) });

const byId = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };

export async function buildApp() {
  // Ajv coerces `12345` into "12345" by default: a wrong type would then fail later, without naming the field.
  const app = Fastify({ ajv: { customOptions: { coerceTypes: false } } });
  // Fastify's own validation errors get the same body as every other rejection, each failing field in `details`.
  app.setErrorHandler((error, request, reply) => {
    if (error.validation === undefined) return reply.send(error);
    const details = error.validation.map(issue => ({
      field: issue.params?.missingProperty ?? (issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext),
      message: issue.message ?? 'is invalid',
    }));
    return reply.code(400).send({
      code: 'VALIDATION_ERROR',
      message: `The ${error.validationContext} is invalid: ${details[0].field} ${details[0].message}.`,
      recoveryHint: 'Correct the fields listed in details, then send the request again.',
      retryable: false,
      details,
    });
  });
  const orders = new Map();

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Orders', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Components keep the names of their `$id`s (`Order`, not `def-0`), so every regenerated description names them alike.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => json.$id ?? `def-${i}` },
  });
  for (const schema of [Order, NextStep, OrderWithNextSteps, Problem]) app.addSchema(schema);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url !== '/token' && request.headers.authorization !== `Bearer ${TOKEN}`)
      return reply.code(401).send({
        code: 'UNAUTHENTICATED',
        message: 'The bearer token is missing or wrong.',
        recoveryHint: 'Get a token from POST /token and send it as `Authorization: Bearer <token>`.',
      });
  });

  const notFound = (reply, id) =>
    reply.code(404).send({ code: 'NOT_FOUND', message: `No order has the id ${id}.`, recoveryHint: 'List the orders with GET /orders to find its id.' });
  const find = (request, reply) => orders.get(request.params.id) ?? notFound(reply, request.params.id);

  app.post('/token', {
    schema: {
      security: [],
      body: {
        type: 'object',
        required: ['username', 'password'],
        properties: { username: { type: 'string', examples: ['demo'] }, password: { type: 'string', examples: ['demo'] } },
      },
      'x-ax-retryable': true,
      response: {
        200: { type: 'object', properties: { access_token: { type: 'string' }, token_type: { type: 'string' } } },
        400: rejections[400],
        401: problem('The username or password is wrong.'),
      },
    },
    handler: async (request, reply) => {
      if (request.body.username !== 'demo' || request.body.password !== 'demo')
        return reply
          .code(401)
          .send({ code: 'UNAUTHENTICATED', message: 'The username or password is wrong.', recoveryHint: 'Send the credentials you were given.' });
      return { access_token: TOKEN, token_type: 'Bearer' };
    },
  });

  app.post('/orders', {
    schema: {
      body: OrderInput,
      'x-ax-retryable': false,
      response: { 201: { description: 'The order, pending, and what to call next.', $ref: 'OrderWithNextSteps#' }, 400: rejections[400], 401: rejections[401] },
    },
    handler: async (request, reply) => {
      const order = { id: randomUUID(), ...request.body, status: 'pending' };
      orders.set(order.id, order);
      return reply.code(201).send(withSteps(order));
    },
  });

  app.get('/orders', {
    schema: { response: { 200: { type: 'array', items: { $ref: 'Order#' } }, 401: rejections[401] } },
    handler: async () => [...orders.values()],
  });

  app.post('/orders/search', {
    schema: {
      body: { type: 'object', properties: { status: { type: 'string', enum: ['pending', 'approved', 'cancelled'] } } },
      // A search changes nothing: safe to send again.
      'x-ax-retryable': true,
      'x-ax-idempotent': true,
      response: { 200: { type: 'array', items: { $ref: 'Order#' } }, 400: rejections[400], 401: rejections[401] },
    },
    handler: async request => [...orders.values()].filter(order => request.body.status === undefined || order.status === request.body.status),
  });

  app.get('/orders/:id', { schema: { params: byId, response: { 200: { $ref: 'Order#' }, 401: rejections[401], 404: rejections[404] } }, handler: find });

  app.patch('/orders/:id', {
    schema: {
      params: byId,
      body: { ...OrderInput, required: [] },
      'x-ax-retryable': true,
      'x-ax-idempotent': true,
      response: { 200: { description: 'The order as changed.', $ref: 'OrderWithNextSteps#' }, ...rejections },
    },
    handler: async (request, reply) => {
      const order = find(request, reply);
      return order === reply ? reply : withSteps(Object.assign(order, request.body));
    },
  });

  app.delete('/orders/:id', {
    schema: {
      params: byId,
      'x-ax-retryable': true,
      'x-ax-idempotent': true,
      response: { 204: { type: 'null', description: 'Deleted.' }, 401: rejections[401], 404: rejections[404] },
    },
    handler: async (request, reply) => (orders.delete(request.params.id) ? reply.code(204).send() : notFound(reply, request.params.id)),
  });

  for (const [action, from, to] of [
    ['cancel', 'pending', 'cancelled'],
    ['approve', 'pending', 'approved'],
  ]) {
    app.post(`/orders/:id/${action}`, {
      schema: {
        params: byId,
        'x-ax-retryable': false,
        response: {
          200: { description: `The order, ${to}, and what to call next.`, $ref: 'OrderWithNextSteps#' },
          401: rejections[401],
          404: rejections[404],
          409: problem(`The order is not ${from}: \`currentState\` says what it is, \`allowedActions\` what it allows.`),
        },
      },
      handler: async (request, reply) => {
        const order = find(request, reply);
        if (order === reply) return reply;
        if (order.status !== from)
          return reply.code(409).send({
            code: 'INVALID_STATE',
            message: `Only a ${from} order can be ${to}; this one is ${order.status}.`,
            recoveryHint: 'Read the order and choose one of its allowedActions.',
            retryable: false,
            currentState: order.status,
            refreshUrl: `/orders/${order.id}`,
            allowedActions: [],
          });
        order.status = to;
        return withSteps(order);
      },
    });
  }
  return app;
}
