// The Orders API of docs/code-first.md: Fastify 5 and @fastify/swagger, its description generated from the route schemas.
// `node examples/fastify-orders/server.mjs` serves it; `node examples/fastify-orders/openapi.mjs` prints the description.
// Its test login: `POST /token` with `{"username": "demo", "password": "demo"}` (the examples of the description) gives the bearer token.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import swagger from '@fastify/swagger';

const TOKEN = 'demo-token';

const Order = {
  $id: 'Order',
  type: 'object',
  required: ['id', 'productId', 'quantity', 'status'],
  properties: {
    id: { type: 'string' },
    productId: { type: 'string' },
    quantity: { type: 'integer' },
    status: { type: 'string', enum: ['pending', 'approved', 'cancelled'] },
  },
};

const OrderInput = {
  type: 'object',
  required: ['productId', 'quantity'],
  additionalProperties: false,
  properties: {
    productId: { type: 'string', minLength: 1, description: 'The id of the product to order (`POST /products` returns it).' },
    quantity: { type: 'integer', minimum: 1, maximum: 100, examples: [2] },
  },
};

const Product = {
  $id: 'Product',
  type: 'object',
  required: ['id', 'name', 'sku'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, sku: { type: 'string' } },
};

// `sku` is unique: a second product with the same one is refused (409 SKU_TAKEN).
const ProductInput = {
  type: 'object',
  required: ['name', 'sku'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 60, examples: ['Widget'] },
    sku: { type: 'string', pattern: '^[A-Z][A-Z0-9-]{2,11}$', description: 'The stock keeping unit, unique among products.', examples: ['WIDGET-1'] },
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

const ProductWithNextSteps = {
  $id: 'ProductWithNextSteps',
  allOf: [{ $ref: 'Product#' }, { type: 'object', required: ['nextSteps'], properties: { nextSteps: { type: 'array', items: { $ref: 'NextStep#' } } } }],
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
  const products = new Map();

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
  for (const schema of [Order, NextStep, OrderWithNextSteps, Product, ProductWithNextSteps, Problem]) app.addSchema(schema);

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

  // An order names a product that exists: else 404 PRODUCT_NOT_FOUND, which names `productId`.
  const unknownProduct = (reply, id) =>
    reply.code(404).send({
      code: 'PRODUCT_NOT_FOUND',
      message: `No product has the id ${id} given in productId.`,
      recoveryHint: 'Create the product with POST /products, or find its id, then send its id as productId.',
      details: [{ field: 'productId', message: 'names no product' }],
    });

  app.post('/orders', {
    schema: {
      body: OrderInput,
      'x-ax-retryable': false,
      response: {
        201: { description: 'The order, pending, and what to call next.', $ref: 'OrderWithNextSteps#' },
        400: rejections[400],
        401: rejections[401],
        404: problem('No product has the `productId` given.'),
      },
    },
    handler: async (request, reply) => {
      if (!products.has(request.body.productId)) return unknownProduct(reply, request.body.productId);
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
      response: {
        200: { description: 'The order as changed.', $ref: 'OrderWithNextSteps#' },
        ...rejections,
        404: problem('No order has this id, or no product the `productId` given.'),
      },
    },
    handler: async (request, reply) => {
      const order = find(request, reply);
      if (order === reply) return reply;
      if (request.body.productId !== undefined && !products.has(request.body.productId)) return unknownProduct(reply, request.body.productId);
      return withSteps(Object.assign(order, request.body));
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

  const productSteps = product => [
    { action: 'Read the product', method: 'GET', href: `/products/${product.id}`, description: 'The product as it stands now.' },
    { action: 'Order the product', method: 'POST', href: '/orders', description: 'Order it, with its id as productId.' },
  ];

  // After the order routes on purpose: the probe creates the product first because an order's body names one.
  app.post('/products', {
    schema: {
      body: ProductInput,
      'x-ax-retryable': false,
      response: {
        201: { description: 'The product, and what to call next.', $ref: 'ProductWithNextSteps#' },
        400: rejections[400],
        401: rejections[401],
        409: problem('Another product has this `sku`: send a new one.'),
      },
    },
    handler: async (request, reply) => {
      if ([...products.values()].some(product => product.sku === request.body.sku))
        return reply.code(409).send({
          code: 'SKU_TAKEN',
          message: `Another product has the sku ${request.body.sku}.`,
          recoveryHint: 'Send a sku no other product has.',
          retryable: false,
          details: [{ field: 'sku', message: 'is taken' }],
        });
      const product = { id: randomUUID(), ...request.body };
      products.set(product.id, product);
      return reply.code(201).send({ ...product, nextSteps: productSteps(product) });
    },
  });

  app.get('/products/:id', {
    schema: { params: byId, response: { 200: { $ref: 'Product#' }, 401: rejections[401], 404: problem('No product has this id.') } },
    handler: async (request, reply) =>
      products.get(request.params.id) ??
      reply.code(404).send({ code: 'NOT_FOUND', message: `No product has the id ${request.params.id}.`, recoveryHint: 'Create one with POST /products.' }),
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
