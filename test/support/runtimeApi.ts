/** The description and the responses the runtime guard's tests send, shared by the unit and the server tests. */
import { NEXT_STEPS, body, oas3 } from './documents';

const ERROR = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, suggestion: { type: 'string' } },
};
const STATE = {
  ...ERROR,
  properties: {
    ...ERROR.properties,
    currentState: { type: 'string' },
    allowedActions: { type: 'array', items: { type: 'string' } },
    refreshUrl: { type: 'string' },
  },
};
const ORDER = { type: 'object', properties: { id: { type: 'string' }, nextSteps: NEXT_STEPS } };

export const API = {
  ...oas3({
    '/orders': {
      get: { responses: { '200': body({ type: 'array', items: ORDER }) } },
      post: {
        responses: {
          '201': body(ORDER),
          '400': body(ERROR),
          '409': body(STATE),
          '422': body(STATE),
          '429': body(ERROR),
        },
      },
    },
    '/orders/{id}': {
      get: { responses: { '200': body(ORDER), '404': body(ERROR) } },
      delete: { responses: { '204': { description: 'Deleted' }, '503': body(ERROR) } },
    },
    '/orders/{id}/cancel': {
      post: { responses: { '200': body(ORDER), '409': body(ERROR, 'application/json', 'Rejected when the order is in the `shipped` state') } },
    },
    '/orders/{id}/refunds': {
      post: {
        'x-ax-exempt': { 'ax-envelope-next-steps': 'Accepted for asynchronous processing; the refund is announced by webhook.' },
        responses: { '202': body(ORDER) },
      },
    },
    '/legacy': {
      'x-ax-exempt': { 'ax-recoverable-suggestion': 'Frozen v0 endpoint, removed in 2027.' },
      post: { responses: { '400': { ...body(ERROR), 'x-ax-error-code': 'LEGACY_ERROR' } } },
    },
  }),
  servers: [{ url: 'https://api.example.com/v1' }],
};

const step = (action: string, method: string, href: string) => ({ action, method, href, description: `${action}.` });
export const GOOD_STEPS = [step('Read the order', 'GET', '/v1/orders/o1'), step('Cancel the order', 'POST', '/v1/orders/o1/cancel')];

export interface Scenario {
  name: string;
  method: string;
  path: string;
  status: number;
  headers?: Record<string, string>;
  body: unknown;
  /** The rule ids the guard reports, in order; empty when the response must go out untouched. */
  rules: string[];
  /** The route template the violations name. */
  route: string;
}

/** One response per behaviour of the guard: each violation, an exemption, a read, compliant answers. */
export const SCENARIOS: Scenario[] = [
  {
    name: 'a created order without nextSteps',
    method: 'POST',
    path: '/v1/orders',
    status: 201,
    body: { id: 'o1' },
    rules: ['ax-envelope-next-steps'],
    route: '/orders',
  },
  {
    name: 'malformed steps',
    method: 'POST',
    path: '/v1/orders',
    status: 201,
    body: { id: 'o1', nextSteps: [{ action: 'Read', href: '/v1/orders/o1' }] },
    rules: ['ax-envelope-next-steps-shape'],
    route: '/orders',
  },
  {
    name: 'a step to no route',
    method: 'POST',
    path: '/v1/orders',
    status: 201,
    body: { id: 'o1', nextSteps: [step('Read the order', 'GET', '/v1/order/o1')] },
    rules: ['ax-envelope-next-steps-href'],
    route: '/orders',
  },
  {
    name: 'empty nextActions alone',
    method: 'POST',
    path: '/v1/orders/o1/cancel',
    status: 200,
    body: { id: 'o1', nextActions: [], nextSteps: [] },
    rules: ['ax-envelope-next-steps', 'ax-envelope-empty-actions'],
    route: '/orders/{id}/cancel',
  },
  {
    name: 'a 400 with a message only',
    method: 'POST',
    path: '/v1/orders',
    status: 400,
    body: { message: 'Amount is negative.' },
    rules: ['ax-recoverable-error-structure', 'ax-recoverable-suggestion'],
    route: '/orders',
  },
  {
    name: 'a 409 state rejection without allowed actions',
    method: 'POST',
    path: '/v1/orders/o1/cancel',
    status: 409,
    body: { code: 'ORDER_SHIPPED', message: 'The order has shipped.', suggestion: 'Request a return instead.' },
    rules: ['ax-envelope-state'],
    route: '/orders/{id}/cancel',
  },
  {
    name: 'a 422 state rejection without refreshUrl',
    method: 'POST',
    path: '/v1/orders',
    status: 422,
    body: { code: 'CART_LOCKED', message: 'The cart is locked.', suggestion: 'Unlock it first.', currentState: 'locked', allowedActions: ['unlock'] },
    rules: ['ax-envelope-refresh-url'],
    route: '/orders',
  },
  {
    name: 'a 429 without a delay',
    method: 'POST',
    path: '/v1/orders',
    status: 429,
    body: { code: 'RATE_LIMITED', message: 'Too many orders.', suggestion: 'Slow down.' },
    rules: ['ax-recoverable-retry-after'],
    route: '/orders',
  },
  {
    name: 'a 503 with a stack trace',
    method: 'DELETE',
    path: '/v1/orders/o1',
    status: 503,
    body: { code: 'DOWN', message: 'TypeError: x is undefined\n    at remove (/srv/app/orders.js:12:7)', retryAfter: 5 },
    rules: ['ax-recoverable-no-stack-traces'],
    route: '/orders/{id}',
  },
  { name: 'an exempted mutation', method: 'POST', path: '/v1/orders/o1/refunds', status: 202, body: { id: 'r1' }, rules: [], route: '/orders/{id}/refunds' },
  {
    name: 'an exempted hint, a code in the description',
    method: 'POST',
    path: '/v1/legacy',
    status: 400,
    body: { message: 'Bad request.' },
    rules: [],
    route: '/legacy',
  },
  { name: 'a read', method: 'GET', path: '/v1/orders?limit=1', status: 200, body: [{ id: 'o1' }], rules: [], route: '/orders' },
  { name: 'a compliant creation', method: 'POST', path: '/v1/orders', status: 201, body: { id: 'o1', nextSteps: GOOD_STEPS }, rules: [], route: '/orders' },
  {
    name: 'a compliant 429',
    method: 'POST',
    path: '/v1/orders',
    status: 429,
    headers: { 'Retry-After': '2' },
    body: { code: 'RATE_LIMITED', message: 'Too many orders.', suggestion: 'Wait 2 seconds.' },
    rules: [],
    route: '/orders',
  },
];
