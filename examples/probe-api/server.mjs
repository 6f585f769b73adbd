// The Orders API of openapi.yaml, for `spectral-agent-ux probe`: `node examples/probe-api/server.mjs [--defective] [--port 3000]`.
// As written it passes every probe; with `defective` it has one known defect per probe finding, marked DEFECT below.
// With `--api-key K` every request must carry `X-Api-Key: K` (for the probe's --header).
// POST /v1/token hands out a token for the account of ACCOUNT only: the probe reaches it with `--input probe-input.yaml`.
import Fastify from 'fastify';

const BASE = '/v1';
/** The one account of the token route, as examples/probe-api/probe-input.yaml gives it to the probe. */
const ACCOUNT = { username: 'agent', password: 'correct-horse-battery-staple' };
let traces = 0;
const traceId = () => `trace-${++traces}`;

function problem(reply, status, code, message, recoveryHint, extra = {}) {
  return reply
    .code(status)
    .send({ code, message, recoveryHint, ...extra, retryable: status >= 500, ...(status >= 500 ? { retry_after_ms: 60000 } : {}), trace_id: traceId() });
}

const invalid = (reply, field, message, recoveryHint, extra = {}, status = 400) =>
  problem(reply, status, 'VALIDATION_ERROR', message, recoveryHint, { field, ...extra });

const steps = order => [
  { action: 'Read the order', method: 'GET', href: `${BASE}/orders/${order.id}`, description: 'The order as it stands now.' },
  { action: 'Read the receipt', method: 'GET', href: `${BASE}/orders/${order.id}/receipt`, description: 'What was charged for it.' },
  ...(order.status === 'open'
    ? [{ action: 'Cancel the order', method: 'POST', href: `${BASE}/orders/${order.id}/cancel`, description: 'Cancel it while it is open.' }]
    : []),
];

/** Why an order body is invalid, answered on `reply`; undefined when it is valid. */
function rejectOrder(body, reply, defective) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return invalid(reply, 'body', 'The body must be a JSON object.', 'Send { "sku": "...", "quantity": 1 }.');
  // DEFECT (ax-probe-server-error): reads the sku before checking it is there, so a missing sku is a 500.
  if (defective && body.sku.length === 0) return invalid(reply, 'sku', 'sku is empty.', 'Send a sku.');
  const { sku, quantity, note } = body;
  if (sku === undefined) return invalid(reply, 'sku', 'sku is required.', 'Send the sku of the product, e.g. "SKU-123".');
  if (typeof sku !== 'string') return invalid(reply, 'sku', 'sku must be a string.', 'Send the sku as a string, e.g. "SKU-123".');
  if (sku.length < 3 || sku.length > 12) return invalid(reply, 'sku', 'sku must have 3 to 12 characters.', 'Send a sku of 3 to 12 characters.');
  if (quantity === undefined) return invalid(reply, 'quantity', 'quantity is required.', 'Send how many items to order, from 1 to 100.');
  if (!Number.isInteger(quantity)) return invalid(reply, 'quantity', 'quantity must be an integer.', 'Send a whole number from 1 to 100.');
  if (quantity < 1 || quantity > 100) {
    // DEFECT (ax-probe-wrong-field): blames the sku for a quantity out of range.
    return invalid(reply, defective ? 'sku' : 'quantity', 'quantity must be between 1 and 100.', 'Send a quantity from 1 to 100.', {
      suggested_value: quantity < 1 ? 1 : 100,
    });
  }
  if (note !== undefined && (typeof note !== 'string' || note.length > 200))
    return invalid(reply, 'note', 'note must be text of at most 200 characters.', 'Shorten the note, or leave it out.');
  return undefined;
}

/** Why a list query is invalid, answered on `reply`; undefined when it is valid. */
function rejectQuery(query, reply, defective) {
  if (query.limit !== undefined) {
    const limit = Number(query.limit);
    if (!/^\d+$/.test(query.limit)) return invalid(reply, 'limit', 'limit must be an integer.', 'Send limit as a whole number from 1 to 50, or leave it out.');
    // DEFECT (ax-probe-unrecoverable): suggests a value that is itself out of range.
    if (limit < 1 || limit > 50)
      return invalid(reply, 'limit', 'limit must be between 1 and 50.', 'Send a limit from 1 to 50.', { suggested_value: defective ? 500 : 50 });
  }
  if (query.status !== undefined && !['open', 'cancelled'].includes(query.status)) {
    // DEFECT (ax-probe-undeclared-status): answers 422, which the description does not declare for this operation.
    return invalid(
      reply,
      'status',
      'status must be open or cancelled.',
      'Send one of the allowed values.',
      { allowed_values: ['open', 'cancelled'] },
      defective ? 422 : 400,
    );
  }
  return undefined;
}

/** Why a token request is invalid or its credentials wrong, answered on `reply`; undefined when they are the account's. */
function rejectCredentials(body, reply) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return invalid(reply, 'body', 'The body must be a JSON object.', 'Send { "username": "...", "password": "..." }.');
  for (const name of ['username', 'password']) {
    if (body[name] === undefined) return invalid(reply, name, `${name} is required.`, `Send the ${name} of your account.`);
    if (typeof body[name] !== 'string') return invalid(reply, name, `${name} must be a string.`, `Send the ${name} as a string.`);
  }
  if (body.username !== ACCOUNT.username || body.password !== ACCOUNT.password)
    return problem(reply, 401, 'INVALID_CREDENTIALS', 'The username or password is wrong.', 'Send the credentials of an existing account.');
  return undefined;
}

/** The Orders API on a Fastify instance, not yet listening. */
export function ordersApi({ defective = false, apiKey } = {}) {
  const app = Fastify();
  if (apiKey !== undefined) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-api-key'] !== apiKey)
        return problem(reply, 401, 'UNAUTHENTICATED', 'No valid X-Api-Key header.', 'Send the X-Api-Key header you were given.');
    });
  }
  const orders = new Map([['ord_1', { id: 'ord_1', status: 'open', sku: 'SKU-123', quantity: 1 }]]);
  const find = (request, reply) =>
    orders.get(request.params.orderId) ??
    problem(reply, 404, 'NOT_FOUND', `No order ${request.params.orderId} exists.`, `List orders with GET ${BASE}/orders to find the id.`);

  app.setNotFoundHandler((request, reply) =>
    problem(reply, 404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}.`, `See the API description for the routes.`),
  );
  app.setErrorHandler((error, request, reply) => {
    if (error.statusCode === 400) return invalid(reply, 'body', 'The body is not valid JSON.', 'Send a JSON object.');
    return problem(reply, 500, 'INTERNAL_ERROR', 'The server failed.', 'Retry in a minute; quote the trace_id if it persists.');
  });

  app.post(`${BASE}/token`, (request, reply) => {
    if (rejectCredentials(request.body, reply)) return reply;
    return { access_token: `tok_${traceId()}`, token_type: 'Bearer', expires_in: 3600 };
  });
  app.post(`${BASE}/orders`, (request, reply) => {
    if (rejectOrder(request.body, reply, defective)) return reply;
    const order = { id: `ord_${orders.size + 1}`, status: 'open', sku: request.body.sku, quantity: request.body.quantity };
    orders.set(order.id, order);
    return reply.code(201).send({ ...order, nextSteps: steps(order) });
  });
  app.get(`${BASE}/orders`, (request, reply) => {
    if (rejectQuery(request.query, reply, defective)) return reply;
    const all = [...orders.values()].filter(order => request.query.status === undefined || order.status === request.query.status);
    return { data: all.reverse().slice(0, Number(request.query.limit ?? 20)) };
  });
  app.get(`${BASE}/orders/:orderId`, (request, reply) => {
    const order = find(request, reply);
    if (order === reply) return reply;
    return { ...order, _links: { self: { href: `${BASE}/orders/${order.id}` }, receipt: { href: `${BASE}/orders/${order.id}/receipt` } } };
  });
  // DEFECT (ax-probe-stale-step): the receipt route is offered as a step and as a link, but not served.
  if (!defective) {
    app.get(`${BASE}/orders/:orderId/receipt`, (request, reply) => {
      const order = find(request, reply);
      return order === reply ? reply : { orderId: order.id, total: order.quantity * 9.5 };
    });
  }
  app.post(`${BASE}/orders/:orderId/cancel`, (request, reply) => {
    const order = find(request, reply);
    if (order === reply) return reply;
    order.status = 'cancelled';
    return { ...order, nextSteps: [steps(order)[0]] };
  });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const defective = process.argv.includes('--defective');
  const portAt = process.argv.indexOf('--port');
  const port = portAt === -1 ? 3000 : Number(process.argv[portAt + 1]);
  const keyAt = process.argv.indexOf('--api-key');
  const app = ordersApi({ defective, apiKey: keyAt === -1 ? undefined : process.argv[keyAt + 1] });
  const address = await app.listen({ host: '127.0.0.1', port });
  console.log(`Orders API${defective ? ' (defective)' : ''} at ${address}${BASE}`);
}
