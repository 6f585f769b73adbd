import { at, body, JSON_SCHEMA, NEXT_STEPS, oas3, PAYMENT, ref, swagger2 } from './support/documents';
import { fixAndRelint, runRule, testRule } from './support/testRule';
import { postWith as post } from './support/documents';
import { component, usedBy } from './support/components';
import { fixOnly } from './support/fix-only';

/** The step the rule asks for, in the default names, and the terms it adds. */
const STEP_LIST = { messageId: 'stepList', data: { fields: 'action, method, href, description' } };
const STEP_TERMS = { messageId: 'stepTerms', data: { method: 'method' } };
/** What the rule says of a mutation answering a schema a read answers too: answer an envelope of its own. */
const answerEnvelope = (shared: string) => ({
  messageId: 'noStepsAnswerEnvelope',
  data: {
    name: 'nextSteps',
    step: STEP_LIST,
    terms: STEP_TERMS,
    shared,
    concept: 'nextSteps',
  },
});
/** A link collection with an href and no method: declare the methods, or the steps. */
const linksWithoutMethod = (links: string) => ({
  messageId: 'linkCollectionWithoutMethod',
  data: { links, name: 'nextSteps', step: STEP_LIST, terms: STEP_TERMS, concept: 'nextSteps' },
});
/** A member named like links that gives no call, lacking an href or a method: the finding asks, and adds the steps otherwise. */
const lookalikeSays = (lacks: 'href' | 'method', lookalike: string) => ({
  messageId: lacks === 'href' ? 'lookalikeWithoutHref' : 'lookalikeWithoutMethod',
  data: { name: 'nextSteps', lookalike, add: { messageId: 'addSteps', data: { name: 'nextSteps', step: STEP_LIST, terms: STEP_TERMS } }, concept: 'nextSteps' },
});
/** A body member that may be the next call, and why: the finding asks to declare it as a step (by default beside the body's members). */
const nextCall = (member: string, evidence: string, add: object = { messageId: 'addName', data: { name: 'nextSteps' } }) => ({
  messageId: 'bodyIsNextCall',
  data: { name: 'nextSteps', member, evidence, step: STEP_LIST, terms: STEP_TERMS, add, concept: 'nextSteps' },
});
/** What several cases expect the rule to say. */
const noSteps = (mediaType = 'application/json') => ({
  messageId: 'noSteps',
  data: { name: 'nextSteps', step: STEP_LIST, terms: STEP_TERMS, mediaType, concept: 'nextSteps' },
});
const NO_ROOM_FOR_STEPS = {
  messageId: 'noRoomForSteps',
  data: {
    kind: { messageId: 'anKind', data: { type: 'array' } },
    name: 'nextSteps',
    data: '[…]',
    step: STEP_LIST,
    concept: 'nextSteps',
  },
};

const envelope = { type: 'object', properties: { id: { type: 'string' }, nextSteps: NEXT_STEPS } };
const bare = PAYMENT;
/** Apacta's answer to a deletion: whether it succeeded, and an empty list. */
const SUCCESS = { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: { type: 'string' } } } };
const STEP = '[{ action, method, href, description }]';
const TERMS = '(all required, `method` an HTTP-method enum)';
const missingOn = (label: string, mediaType = 'application/json') =>
  `${label}: no \`nextSteps\`. Add \`nextSteps\`: ${STEP} ${TERMS} to the ${mediaType} schema.`;
const methodless = (operation: string, collection: string) =>
  `${operation}: \`${collection}\` has an href but no \`method\`. Declare a \`method\` on each link, or add \`nextSteps\`: ${STEP} ${TERMS}.`;
/** A member named like links that gives no call: the finding asks, and leaves the change to a person. */
const lookalike = (operation: string, name: string, lacks: 'href' | 'method') =>
  `${operation}: no \`nextSteps\`; \`${name}\` has no ${lacks}. If it lists the next calls, give each ${lacks === 'href' ? 'an `href` and' : 'a'} \`method\`; else add \`nextSteps\`: ${STEP} ${TERMS}.`;
/** A bare body is asked about: wrapping it breaks the clients that read it. */
const wrap = (operation: string, kind: string) =>
  `${operation}: no \`nextSteps\`, and the body is ${kind}. In a new version, wrap it: \`{ data: ${kind === 'an array' ? '[…]' : '…'}, nextSteps: ${STEP} }\`; else exempt the operation (\`x-ax-exempt\`).`;

const string = { type: 'string' };
const URI = { type: 'string', format: 'uri' };
/** A Siren entity: `actions[]` carry a method, `links[]` do not. */
const SIREN = {
  type: 'object',
  properties: {
    properties: { type: 'object' },
    actions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'href'],
        properties: {
          name: string,
          method: { type: 'string', enum: ['GET', 'POST', 'DELETE'] },
          href: string,
          fields: { type: 'array', items: { type: 'object' } },
        },
      },
    },
    links: { type: 'array', items: { type: 'object', required: ['rel', 'href'], properties: { rel: { type: 'array', items: string }, href: string } } },
  },
};
/** The HAL draft's link object: href, templated, type, … and no method. */
const HAL_LINK = { type: 'object', required: ['href'], properties: { href: string, templated: { type: 'boolean' }, title: string } };
/** An order whose `links` (not HAL's `_links`) give hrefs but no method: its own and the call that cancels it. */
const LINKED_ORDER = { type: 'object', properties: { id: string, links: { type: 'object', properties: { self: HAL_LINK, cancel: HAL_LINK } } } };
/** Link description objects with a method (PayPal's `links[]`, Ion). */
const METHOD_LINK = {
  type: 'object',
  required: ['href', 'rel', 'method'],
  properties: { href: string, rel: string, method: { type: 'string', enum: ['GET', 'POST', 'PATCH'] } },
};

testRule('ax-envelope-next-steps', [
  {
    name: 'fires on an inline 201 schema without nextSteps, on the schema',
    document: oas3({ '/payments': post({ '201': body(bare) }) }),
    errors: [{ path: at('/payments', 'post', '201', ...JSON_SCHEMA), ...noSteps() }],
  },
  {
    name: 'stays silent on an inline schema with nextSteps',
    document: oas3({ '/payments': post({ '201': body(envelope) }) }),
    errors: [],
  },
  {
    name: 'checks put and patch; a delete that answers the record it removes (what its GET answers: a subscription cancelled) is a deletion; ignores get',
    document: oas3(
      {
        '/payments/{id}': {
          get: { responses: { '200': body(bare) } },
          put: { responses: { '200': body(bare) } },
          patch: { responses: { '200': body(envelope) } },
        },
        '/subscriptions/{id}': { get: { responses: { '200': body(ref('Subscription')) } }, delete: { responses: { '200': body(ref('Subscription')) } } },
      },
      { schemas: { Subscription: bare } },
    ),
    errors: [{ path: at('/payments/{id}', 'put', '200', ...JSON_SCHEMA), ...noSteps() }],
  },
  {
    name: 'a deletion leaves no next call: a DELETE answering `{ success, data }` (Apacta: inline, a shared `$ref`, an `allOf`; OpenAPI 3.1) is not asked; a POST named `bulkDelete` is',
    document: oas3(
      {
        '/vendors/{id}': { get: { responses: { '200': body(bare) } }, delete: { responses: { '200': body(SUCCESS) } } },
        '/contacts/bulkDelete': { delete: { responses: { '200': body(ref('EmptySuccessResponse')) } } },
        '/files/{id}': { delete: { responses: { '200': body({ allOf: [ref('EmptySuccessResponse')] }) } } },
        '/contacts/bulk-delete': post({ '200': body(SUCCESS) }),
      },
      { schemas: { EmptySuccessResponse: SUCCESS } },
      '3.1.0',
    ),
    errors: [{ path: at('/contacts/bulk-delete', 'post', '200', ...JSON_SCHEMA), ...noSteps() }],
  },
  {
    name: 'Swagger 2.0: a DELETE answering a shared success body is not asked, nor one answering the item it removes (what its GET answers)',
    document: swagger2(
      {
        '/vendors/{id}': {
          get: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Vendor' } } } },
          delete: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Success' } } } },
        },
        '/orders/{id}': {
          get: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Order' } } } },
          delete: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Order' } } } },
        },
      },
      { definitions: { Vendor: bare, Order: bare, Success: SUCCESS } },
    ),
    errors: [],
  },
  {
    name: "a shared success body several resources' items answer names none of them (Apacta's `EmptySuccessResponse`, answered by `/activities/{id}`' PUT and `/users/{id}`'): their DELETE is not asked, their PUT is",
    document: oas3(
      {
        '/activities/{activity_id}': {
          put: { responses: { '200': body(ref('EmptySuccessResponse')) } },
          delete: { responses: { '200': body(ref('EmptySuccessResponse')) } },
        },
        '/users/{user_id}': { put: { responses: { '200': body(ref('EmptySuccessResponse')) } } },
      },
      { schemas: { EmptySuccessResponse: SUCCESS } },
    ),
    errors: [
      {
        path: at('/activities/{activity_id}', 'put', '200', ...JSON_SCHEMA),
        ...answerEnvelope('EmptySuccessResponse'),
      },
      { path: at('/users/{user_id}', 'put', '200', ...JSON_SCHEMA), ...answerEnvelope('EmptySuccessResponse') },
    ],
  },
  {
    name: "one resource's schema answered under two paths (`/subscriptions/{id}`, `/customers/{id}/subscriptions/{sid}`) is still the record the DELETE removes: its PUT is asked, its DELETE is not (OpenAPI 3.1)",
    document: oas3(
      {
        '/subscriptions/{id}': { put: { responses: { '200': body(ref('Subscription')) } }, delete: { responses: { '200': body(ref('Subscription')) } } },
        '/customers/{id}/subscriptions/{sid}': { get: { responses: { '200': body(ref('Subscription')) } } },
      },
      { schemas: { Subscription: bare } },
      '3.1.0',
    ),
    errors: [{ path: at('/subscriptions/{id}', 'put', '200', ...JSON_SCHEMA), ...answerEnvelope('Subscription') }],
  },
  {
    name: "lookalike: an item nested in the resource that answers it is that resource's (Jira's `DELETE /workflowscheme/{id}/issuetype/{issueType}` answers the scheme): that DELETE is asked",
    document: oas3(
      {
        '/workflowscheme/{id}': { get: { responses: { '200': body(ref('WorkflowScheme')) } } },
        '/workflowscheme/{id}/issuetype/{issueType}': {
          put: { responses: { '200': body(ref('WorkflowScheme')) } },
          delete: { responses: { '200': body(ref('WorkflowScheme')) } },
        },
      },
      { schemas: { WorkflowScheme: bare } },
    ),
    errors: [
      {
        path: at('/workflowscheme/{id}/issuetype/{issueType}', 'put', '200', ...JSON_SCHEMA),
        ...answerEnvelope('WorkflowScheme'),
      },
      {
        path: at('/workflowscheme/{id}/issuetype/{issueType}', 'delete', '200', ...JSON_SCHEMA),
        ...answerEnvelope('WorkflowScheme'),
      },
    ],
  },
  {
    name: 'Swagger 2.0: a DELETE answering the success body its PUT and other resources answer is not asked',
    document: swagger2(
      {
        '/projects/{id}': {
          put: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Success' } } } },
          delete: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Success' } } } },
        },
        '/invoices/{id}': { patch: { responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Success' } } } } },
      },
      { definitions: { Success: SUCCESS } },
    ),
    errors: [
      { path: ['paths', '/projects/{id}', 'put', 'responses', '200', 'schema'], ...answerEnvelope('Success') },
      { path: ['paths', '/invoices/{id}', 'patch', 'responses', '200', 'schema'], ...answerEnvelope('Success') },
    ],
  },
  {
    name: 'skips 204, 205, a 2xx without content and non-JSON bodies; ignores errors and default',
    document: oas3({
      '/a': post({ '204': { description: 'No content' } }),
      '/b': post({ '205': body(bare) }),
      '/c': post({ '202': { description: 'Accepted' } }),
      '/d': post({ '200': body({ type: 'string' }, 'text/csv'), '400': body(bare), default: body(bare) }),
    }),
    errors: [],
  },
  {
    name: 'fires on 2XX',
    document: oas3({ '/payments': post({ '2XX': body(bare) }) }),
    errors: [{ path: at('/payments', 'post', '2XX', ...JSON_SCHEMA), ...noSteps() }],
  },
  {
    name: 'follows a $ref chain and reports on the schema it ends at, where `nextSteps` is added, naming the one response that uses it',
    document: oas3({ '/payments': post({ '201': body(ref('Created')) }) }, { schemas: { Created: ref('Payment'), Payment: bare } }),
    errors: [{ path: component('schemas', 'Payment'), message: missingOn(usedBy('Payment', 'POST /payments 201')) }],
  },
  {
    name: 'stays silent when a $ref chain ends in an envelope',
    document: oas3({ '/payments': post({ '201': body(ref('Created')) }) }, { schemas: { Created: ref('Envelope'), Envelope: envelope } }),
    errors: [],
  },
  {
    name: 'stays silent on an allOf envelope (the classic false positive)',
    document: oas3(
      { '/payments': post({ '201': body({ allOf: [ref('Payment'), { type: 'object', properties: { nextSteps: ref('NextSteps') } }] }) }) },
      { schemas: { Payment: bare, NextSteps: NEXT_STEPS } },
    ),
    errors: [],
  },
  {
    name: 'stays silent when nextSteps comes from a referenced allOf base',
    document: oas3(
      { '/payments': post({ '201': body(ref('PaymentResponse')) }) },
      { schemas: { PaymentResponse: { allOf: [ref('Payment'), ref('Envelope')] }, Payment: bare, Envelope: { properties: { nextSteps: NEXT_STEPS } } } },
    ),
    errors: [],
  },
  {
    name: 'fires when one oneOf branch lacks nextSteps',
    document: oas3({ '/payments': post({ '201': body({ oneOf: [envelope, bare] }) }) }),
    errors: [
      {
        path: at('/payments', 'post', '201', ...JSON_SCHEMA),
        message: `POST /payments 201: 1 of its 2 oneOf/anyOf shapes lack \`nextSteps\`. Add \`nextSteps\`: ${STEP} ${TERMS} to each branch.`,
      },
    ],
  },
  {
    name: 'stays silent when every anyOf branch has nextSteps, or the envelope is outside the anyOf',
    document: oas3({
      '/a': post({ '201': body({ anyOf: [envelope, envelope] }) }),
      '/b': post({ '201': body({ properties: { nextSteps: NEXT_STEPS }, anyOf: [bare, { properties: { other: { type: 'string' } } }] }) }),
    }),
    errors: [],
  },
  {
    name: 'a body that is a string or an array is told to wrap the payload in an envelope object, not to add a property it cannot have',
    document: oas3(
      {
        '/tokens': post({ '201': body(string) }),
        '/payments/batch': post({ '200': body({ type: 'array', items: ref('Payment') }) }),
        '/mixed': post({ '200': body({ oneOf: [envelope, { type: 'array', items: bare }] }) }),
      },
      { schemas: { Payment: bare } },
    ),
    errors: [
      { path: at('/tokens', 'post', '201', ...JSON_SCHEMA), message: wrap('POST /tokens 201', 'a string') },
      { path: at('/payments/batch', 'post', '200', ...JSON_SCHEMA), message: wrap('POST /payments/batch 200', 'an array') },
      { path: at('/mixed', 'post', '200', ...JSON_SCHEMA), ...NO_ROOM_FOR_STEPS },
    ],
  },
  {
    name: 'a string under */* is a relayed payload (Kubernetes proxy and exec endpoints), not an envelope: silent; a */* object still fires',
    document: oas3({
      '/namespaces/{ns}/pods/{name}/proxy': post({ '200': body(string, '*/*') }),
      '/namespaces/{ns}/pods/{name}/exec': post({ '200': body({ type: 'object', properties: { id: string } }, '*/*') }),
    }),
    errors: [
      {
        path: at('/namespaces/{ns}/pods/{name}/exec', 'post', '200', 'content', '*/*', 'schema'),
        messageId: 'noSteps',
        data: { name: 'nextSteps', step: STEP_LIST, terms: STEP_TERMS, mediaType: '*/*', concept: 'nextSteps' },
      },
    ],
  },
  {
    name: 'hypermedia links whose items carry an href and a method enumerate the next calls: Siren actions, links[]{rel, href, method}, through $ref and allOf',
    document: oas3(
      {
        '/orders': post({ '201': body(SIREN, 'application/vnd.siren+json') }),
        '/payments': post({ '201': body({ allOf: [ref('Payment'), { properties: { links: { type: 'array', items: ref('Link') } } }] }) }),
        '/refunds': post({
          '201': body({ type: 'object', properties: { id: string, _links: { type: 'object', properties: { self: ref('Link'), cancel: ref('Link') } } } }),
        }),
      },
      { schemas: { Payment: bare, Link: METHOD_LINK } },
    ),
    errors: [],
  },
  {
    name: "HAL's `_links` (`self.href`, a list, a map of links) are reads (GET) by HAL's convention: silent; JSON:API links without a method still fire, saying the method is missing",
    document: oas3({
      '/orders': post({
        '201': body({
          type: 'object',
          properties: { id: string, _links: { type: 'object', properties: { self: HAL_LINK, payment: { type: 'array', items: HAL_LINK } } } },
        }),
      }),
      '/carts': post({ '201': body({ type: 'object', properties: { _links: { type: 'object', additionalProperties: HAL_LINK } } }) }),
      '/articles': post({
        '201': body(
          {
            type: 'object',
            properties: {
              data: { type: 'object' },
              links: {
                type: 'object',
                properties: { self: { oneOf: [string, { type: 'object', properties: { href: string, meta: { type: 'object' } } }] }, related: string },
              },
            },
          },
          'application/vnd.api+json',
        ),
      }),
    }),
    errors: [{ path: at('/articles', 'post', '201', 'content', 'application/vnd.api+json', 'schema'), ...linksWithoutMethod('links') }],
  },
  {
    name: 'a collection with a method on some links only, or a oneOf shape without links, still fires; a property named links that holds no hrefs is not a link collection, and is asked about',
    document: oas3({
      '/a': post({ '201': body({ type: 'object', properties: { links: { type: 'object', properties: { self: HAL_LINK, cancel: METHOD_LINK } } } }) }),
      '/b': post({ '201': body({ oneOf: [{ type: 'object', properties: { actions: { type: 'array', items: METHOD_LINK } } }, bare] }) }),
      '/c': post({ '201': body({ type: 'object', properties: { links: { type: 'object', properties: { count: { type: 'integer' } } } } }) }),
    }),
    errors: [
      { path: at('/a', 'post', '201', ...JSON_SCHEMA), ...linksWithoutMethod('links') },
      {
        path: at('/b', 'post', '201', ...JSON_SCHEMA),
        messageId: 'noStepsInShapes',
        data: {
          count: 1,
          total: 2,
          name: 'nextSteps',
          step: STEP_LIST,
          terms: STEP_TERMS,
          concept: 'nextSteps',
        },
      },
      { path: at('/c', 'post', '201', ...JSON_SCHEMA), message: lookalike('POST /c 201', 'links', 'href') },
    ],
  },
  {
    name: "a Google custom method that only reads (`{resource}:testIamPermissions`, a dotted operationId) and a token handed out under a name that says token (Plaid's public-token exchange) owe no next step; a custom method that acts and a create that answers a token do",
    document: oas3({
      '/v1/{resource}:testIamPermissions': {
        post: {
          operationId: 'artifactregistry.projects.locations.repositories.testIamPermissions',
          responses: { '200': body({ type: 'object', properties: { permissions: { type: 'array', items: string } } }) },
        },
      },
      '/v1/{name}:cancel': { post: { responses: { '200': body({ type: 'object', properties: { name: string, done: { type: 'boolean' } } }) } } },
      '/item/public_token/exchange': {
        post: {
          operationId: 'itemPublicTokenExchange',
          summary: 'Exchange public token for an access token',
          responses: { '200': body({ type: 'object', required: ['access_token', 'item_id'], properties: { access_token: string, item_id: string } }) },
        },
      },
      '/item/create': {
        post: {
          operationId: 'itemCreate',
          summary: 'Create an item',
          responses: { '200': body({ type: 'object', required: ['access_token', 'item_id'], properties: { access_token: string, item_id: string } }) },
        },
      },
    }),
    errors: [
      {
        path: at('/v1/{name}:cancel', 'post', '200', ...JSON_SCHEMA),
        ...noSteps(),
      },
      {
        path: at('/item/create', 'post', '200', ...JSON_SCHEMA),
        ...noSteps(),
      },
    ],
  },
  {
    name: "JSON:API's `data.links` is the body's link collection when the body has none of its own: named, and callable when its links carry a method",
    document: oas3({
      '/calendar_event': post({
        '201': body({
          type: 'object',
          properties: {
            data: { type: 'object', properties: { id: string, links: { type: 'object', properties: { self: URI, twine_web_app: URI } } } },
          },
        }),
      }),
      '/categories': post({
        '201': body({
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: { links: { type: 'object', properties: { project: { type: 'string', description: 'A URI to the project' } } } },
            },
          },
        }),
      }),
      '/webhooks': post({
        '201': body({
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: {
                id: string,
                links: { type: 'object', properties: { ping: { type: 'object', required: ['href', 'method'], properties: { href: string, method: string } } } },
              },
            },
          },
        }),
      }),
    }),
    errors: [
      {
        path: at('/calendar_event', 'post', '201', ...JSON_SCHEMA),
        ...linksWithoutMethod('data.links'),
      },
      {
        path: at('/categories', 'post', '201', ...JSON_SCHEMA),
        ...linksWithoutMethod('data.links'),
      },
    ],
  },
  {
    name: 'a map of URI strings is links without a method (corpus: train-travel); records in an array without an href, URI strings inside them and plain strings are not links, and are asked about (corpus: DigitalOcean actions, Stripe file links)',
    document: oas3({
      '/bookings': post({
        '201': body({ type: 'object', properties: { id: string, links: { type: 'object', properties: { self: URI, trip: URI } } } }),
      }),
      '/droplets/actions': post({
        '201': body({
          type: 'object',
          properties: {
            actions: {
              type: 'array',
              items: {
                type: 'object',
                properties: { id: { type: 'integer' }, status: string, region: { type: 'object', properties: { slug: string, href: string } } },
              },
            },
          },
        }),
      }),
      '/files': post({
        '200': body({
          type: 'object',
          properties: {
            links: {
              type: 'object',
              properties: {
                object: string,
                url: { type: 'string', pattern: '^/v1/file_links' },
                data: { type: 'array', items: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } } },
              },
            },
          },
        }),
      }),
    }),
    errors: [
      { path: at('/bookings', 'post', '201', ...JSON_SCHEMA), ...linksWithoutMethod('links') },
      {
        path: at('/droplets/actions', 'post', '201', ...JSON_SCHEMA),
        ...lookalikeSays('href', 'actions'),
      },
      {
        path: at('/files', 'post', '200', ...JSON_SCHEMA),
        ...lookalikeSays('href', 'links'),
      },
    ],
  },
  {
    name: 'option hypermedia: false holds Siren and link APIs to nextSteps; option linkCollection replaces the collection names',
    document: oas3({
      '/orders': post({ '201': body(SIREN) }),
      '/payments': post({ '201': body({ type: 'object', properties: { hypermedia: { type: 'array', items: METHOD_LINK } } }) }),
    }),
    functionOptions: { hypermedia: false },
    errors: [
      { path: at('/orders', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
      { path: at('/payments', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
    ],
  },
  {
    name: 'option linkCollection: only the named collections count',
    document: oas3({
      '/orders': post({ '201': body(SIREN) }),
      '/payments': post({ '201': body({ type: 'object', properties: { hypermedia: { type: 'array', items: METHOD_LINK } } }) }),
    }),
    functionOptions: { linkCollection: ['hypermedia'] },
    errors: [{ path: at('/orders', 'post', '201', ...JSON_SCHEMA), message: lookalike('POST /orders 201', 'links', 'method') }],
  },
  {
    name: "a member named like links or next calls that gives no call is asked about, at the top or as a collection one object down (benchmark: Hetzner `next_actions`, Gitea `content._links`); a single `link` without an href (Vercel's Git repository), a flag, a recipe's `steps`, a list without hrefs one object down (slmonitor) and a link deeper down are not; a deprecated operation owes no next step (OpenAI's `createAnswer`)",
    document: oas3(
      {
        '/servers': post({
          '201': body({
            type: 'object',
            properties: {
              server: { type: 'object', properties: { id: { type: 'integer' } } },
              next_actions: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, command: string, status: string } } },
            },
          }),
        }),
        '/projects': post({
          '200': body({
            type: 'object',
            properties: { id: string, link: { type: 'object', properties: { type: string, repo: string, createdAt: { type: 'integer' } } } },
          }),
        }),
        '/contents': post({
          '201': body({
            type: 'object',
            properties: { content: { type: 'object', properties: { name: string, _links: { type: 'object', properties: { self: string, html: string } } } } },
          }),
        }),
        '/repos': post({ '201': body({ type: 'object', properties: { id: string, has_actions: { type: 'boolean' } } }) }),
        '/recipes': post({ '201': body({ type: 'object', properties: { id: string, steps: { type: 'array', items: string } } }) }),
        '/workers/{id}/location': post({
          '201': body({
            type: 'object',
            properties: { workerInformation: { type: 'object', properties: { name: string, actions: { type: 'array', items: string } } } },
          }),
        }),
        '/answers': { post: { deprecated: true, responses: { '200': body({ type: 'object', properties: { answer: string } }) } } },
        '/files': { post: { responses: { '200': body(ref('File')) } }, get: { responses: { '200': body(ref('File')) } } },
        '/deep': post({
          '201': body({
            type: 'object',
            properties: { owner: { type: 'object', properties: { account: { type: 'object', properties: { links: { type: 'object' } } } } } },
          }),
        }),
      },
      { schemas: { File: { type: 'object', properties: { id: string, links: { type: 'object', properties: { count: { type: 'integer' } } } } } } },
    ),
    errors: [
      {
        path: at('/servers', 'post', '201', ...JSON_SCHEMA),
        ...lookalikeSays('href', 'next_actions'),
      },
      { path: at('/projects', 'post', '200', ...JSON_SCHEMA), ...noSteps() },
      {
        path: at('/contents', 'post', '201', ...JSON_SCHEMA),
        ...lookalikeSays('method', 'content._links'),
      },
      { path: at('/repos', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
      { path: at('/recipes', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
      { path: at('/workers/{id}/location', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
      {
        path: at('/files', 'post', '200', ...JSON_SCHEMA),
        message:
          'POST /files 200: no `nextSteps`; `links` has no href. If it lists the next calls, give each an `href` and `method`; else answer an `allOf` of `File` and `nextSteps`.',
      },
      { path: at('/deep', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
    ],
  },
  {
    name: "a shared schema closed by `additionalProperties: false` gets no envelope, which could never carry `nextSteps` (Visual Studio's secrets): the steps go into the schema itself",
    document: oas3(
      { '/secrets': { post: { responses: { '201': body(ref('Secret')) } }, get: { responses: { '200': body(ref('Secret')) } } } },
      { schemas: { Secret: { type: 'object', additionalProperties: false, properties: { id: string } } } },
    ),
    errors: [{ path: component('schemas', 'Secret'), ...noSteps() }],
  },
  {
    name: "Swagger 2.0: links with a method are accepted, and HAL's `_links` (GET by convention, ConfigCat's plain strings too); a lookalike `links` map of hrefs is not",
    document: swagger2(
      {
        '/payments': post({ '201': { description: 'Created', schema: { $ref: '#/definitions/Linked' } } }),
        '/refunds': post({ '201': { description: 'Created', schema: { properties: { _links: { additionalProperties: HAL_LINK } } } } }),
        '/settings': post({ '200': { description: 'OK', schema: { properties: { value: string, _links: { properties: { self: string } } } } } }),
        '/orders': post({ '201': { description: 'Created', schema: { properties: { links: { additionalProperties: HAL_LINK } } } } }),
      },
      { definitions: { Linked: { type: 'object', properties: { links: { type: 'array', items: METHOD_LINK } } } } },
    ),
    errors: [{ path: at('/orders', 'post', '201', 'schema'), ...linksWithoutMethod('links') }],
  },
  {
    name: 'does not count nextSteps nested inside a data wrapper',
    document: oas3({ '/payments': post({ '201': body({ type: 'object', properties: { data: envelope } }) }) }),
    errors: [{ path: at('/payments', 'post', '201', ...JSON_SCHEMA), ...noSteps() }],
  },
  {
    name: 'two mutations sharing a components/responses entry get one diagnostic, on the schema only they use, naming both',
    document: oas3(
      { '/payments': post({ '201': ref('Created', 'responses') }), '/refunds': post({ '201': ref('Created', 'responses') }) },
      { responses: { Created: body(ref('Payment')) }, schemas: { Payment: bare } },
    ),
    errors: [{ path: component('schemas', 'Payment'), message: missingOn(usedBy('Payment', 2)) }],
  },
  {
    name: 'an operation exempt from the rule is no user of a shared schema whose links lack a method: it drops out of the count, and with every user exempt the finding goes',
    document: oas3(
      {
        '/orders': post({ '201': body(ref('Order')) }),
        '/orders/{id}': { put: { responses: { '200': body(ref('Order')) } } },
        '/rpc': {
          post: { 'x-ax-exempt': { 'ax-envelope-next-steps': 'JSON-RPC 2.0 envelope is fixed by the spec' }, responses: { '200': body(ref('Order')) } },
        },
        '/legacy': {
          'x-ax-exempt': { 'ax-envelope-next-steps': 'Frozen legacy endpoint, removed in v3' },
          post: { responses: { '200': body(ref('Legacy')) } },
        },
      },
      { schemas: { Order: LINKED_ORDER, Legacy: LINKED_ORDER } },
    ),
    errors: [{ path: component('schemas', 'Order'), message: methodless(usedBy('Order', 2), 'links') }],
  },
  {
    name: 'a mutation exempt from the rule that answers the same schema keeps it out of the fix: the others get an envelope each, on their operation',
    document: oas3(
      {
        '/payments': post({ '201': body(ref('Payment')) }),
        '/rpc': {
          post: { 'x-ax-exempt': { 'ax-envelope-next-steps': 'JSON-RPC 2.0 envelope is fixed by the spec' }, responses: { '200': body(ref('Payment')) } },
        },
      },
      { schemas: { Payment: bare } },
    ),
    errors: [{ path: at('/payments', 'post', '201', ...JSON_SCHEMA), ...answerEnvelope('Payment') }],
  },
  {
    name: 'a schema a read answers too gets an envelope for each mutation: the finding stays on each operation',
    document: oas3(
      {
        '/payments': post({ '201': body(ref('Payment')) }),
        '/payments/{id}': { get: { responses: { '200': body(ref('Payment')) } }, put: { responses: { '200': body(ref('Payment')) } } },
      },
      { schemas: { Payment: bare } },
    ),
    errors: [
      { path: at('/payments', 'post', '201', ...JSON_SCHEMA), ...answerEnvelope('Payment') },
      { path: at('/payments/{id}', 'put', '200', ...JSON_SCHEMA), ...answerEnvelope('Payment') },
    ],
  },
  {
    name: 'a string or an array schema a read answers too is wrapped for the mutation alone: the finding stays on the operation',
    document: oas3(
      {
        '/tokens': post({ '201': body(ref('Token')) }),
        '/tokens/{id}': { get: { responses: { '200': body(ref('Token')) } } },
        '/payments/batch': { post: { responses: { '200': body(ref('Payments')) } }, get: { responses: { '200': body(ref('Payments')) } } },
      },
      { schemas: { Token: string, Payments: { type: 'array', items: bare } } },
    ),
    errors: [
      {
        path: at('/tokens', 'post', '201', ...JSON_SCHEMA),
        messageId: 'noRoomForSteps',
        data: {
          kind: { messageId: 'aKind', data: { type: 'string' } },
          name: 'nextSteps',
          data: '…',
          step: STEP_LIST,
          concept: 'nextSteps',
        },
      },
      { path: at('/payments/batch', 'post', '200', ...JSON_SCHEMA), ...NO_ROOM_FOR_STEPS },
    ],
  },
  {
    name: 'Swagger 2.0: fires on a bare schema, silent on an envelope',
    document: swagger2(
      {
        '/payments': post({ '201': { description: 'Created', schema: { $ref: '#/definitions/Payment' } } }),
        '/refunds': post({ '201': { description: 'Created', schema: { $ref: '#/definitions/Envelope' } } }),
      },
      { definitions: { Payment: bare, Envelope: envelope } },
    ),
    errors: [{ path: ['definitions', 'Payment'], ...noSteps() }],
  },
  {
    name: 'Swagger 2.0: a non-JSON produces carries no envelope',
    document: swagger2({ '/export': { post: { produces: ['text/csv'], responses: { '200': { description: 'CSV', schema: { type: 'string' } } } } } }),
    errors: [],
  },
  {
    name: 'OpenAPI 3.1: type arrays and problem+json media types',
    document: oas3(
      {
        '/a': post({ '201': body({ type: ['object', 'null'], properties: { nextSteps: NEXT_STEPS } }) }),
        '/b': post({ '201': body({ type: ['object', 'null'], properties: { id: { type: 'string' } } }, 'application/hal+json') }),
      },
      {},
      '3.1.0',
    ),
    errors: [
      {
        path: at('/b', 'post', '201', 'content', 'application/hal+json', 'schema'),
        ...noSteps('application/hal+json'),
      },
    ],
  },
  {
    name: 'JSON:API allows no new top-level member: its next calls are asked for in `links`, with a method, which the rule then accepts',
    document: oas3({
      '/reward_earning': post({
        '200': body({ type: 'object', properties: { data: { type: 'object', properties: { id: { type: 'string' } } } } }, 'application/vnd.api+json'),
      }),
      '/calendar_event': post({
        '201': body(
          {
            type: 'object',
            properties: {
              data: { type: 'object', properties: { id: { type: 'string' } } },
              links: {
                type: 'object',
                properties: { cancel: { type: 'object', required: ['href', 'method'], properties: { href: { type: 'string' }, method: { type: 'string' } } } },
              },
            },
          },
          'application/vnd.api+json',
        ),
      }),
    }),
    errors: [
      {
        path: at('/reward_earning', 'post', '200', 'content', 'application/vnd.api+json', 'schema'),
        message:
          'POST /reward_earning 200: no next call, and JSON:API allows no new top-level member. Declare `links`: { <action>: { href, method } }, one per next legal call.',
      },
    ],
  },
  {
    name: 'OpenAPI 3.2 is checked like 3.1',
    document: oas3({ '/payments': post({ '201': body(bare) }) }, {}, '3.2.0'),
    errors: [{ path: at('/payments', 'post', '201', ...JSON_SCHEMA), ...noSteps() }],
  },
  {
    name: 'terminates on circular schemas and still finds what the cycle carries',
    document: oas3(
      {
        '/nodes': post({ '201': body(ref('Node')) }),
        '/loops': post({ '201': body(ref('A')) }),
      },
      {
        schemas: {
          Node: { type: 'object', properties: { parent: ref('Node'), nextSteps: NEXT_STEPS } },
          A: { allOf: [ref('B'), { properties: { id: { type: 'string' } } }] },
          B: { allOf: [ref('A'), { properties: { nextSteps: NEXT_STEPS } }] },
        },
      },
    ),
    errors: [],
  },
  {
    name: 'garbage gives silence, never an exception: paths null, a string schema, dangling and self $refs',
    document: oas3(
      {
        '/a': post({ '201': body('not a schema') }),
        '/b': post({ '201': body(ref('Missing')) }),
        '/c': post({ '201': body(ref('Self')) }),
        '/d': post({ '201': 'not a response' }),
        '/e': { post: { responses: null } },
        '/f': post({ '201': { description: 'x', content: { 'application/json': null } } }),
      },
      { schemas: { Self: ref('Self') } },
    ),
    errors: [],
  },
  {
    name: 'paths: null',
    document: { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: null },
    errors: [],
  },
  {
    name: 'paths as an array',
    document: { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: [post({ '201': body(bare) })] },
    errors: [],
  },
  {
    name: 'option prefixes limits the rule to matching paths',
    document: oas3({ '/v1/payments': post({ '201': body(bare) }), '/internal/jobs': post({ '201': body(bare) }) }),
    functionOptions: { prefixes: ['/v1/'] },
    errors: [{ path: at('/v1/payments', 'post', '201', ...JSON_SCHEMA), ...noSteps() }],
  },
  {
    name: 'option nextSteps replaces the accepted names',
    document: oas3({
      '/payments': post({ '201': body({ properties: { nextSteps: NEXT_STEPS } }) }),
      '/refunds': post({ '201': body({ properties: { links: NEXT_STEPS } }) }),
    }),
    functionOptions: { nextSteps: ['links'] },
    errors: [
      {
        path: at('/payments', 'post', '201', ...JSON_SCHEMA),
        messageId: 'noSteps',
        data: {
          name: 'links',
          step: STEP_LIST,
          terms: STEP_TERMS,
          mediaType: 'application/json',
          concept: 'nextSteps',
        },
      },
    ],
  },
  {
    name: 'the steps it asks for are written in the names `nextStepItem` gives, by role or in role order, as ax-envelope-next-steps-shape reads them',
    document: oas3({ '/payments': post({ '201': body(PAYMENT) }) }),
    functionOptions: { nextStepItem: { action: 'title', method: 'verb', href: 'url' } },
    errors: [
      {
        path: at('/payments', 'post', '201', ...JSON_SCHEMA),
        messageId: 'noSteps',
        data: {
          name: 'nextSteps',
          step: { messageId: 'stepList', data: { fields: 'title, verb, url, description' } },
          terms: { messageId: 'stepTerms', data: { method: 'verb' } },
          mediaType: 'application/json',
          concept: 'nextSteps',
        },
      },
    ],
  },
  {
    name: 'accepts next_steps by default',
    document: oas3({ '/payments': post({ '201': body({ properties: { next_steps: NEXT_STEPS } }) }) }),
    errors: [],
  },
  {
    name: 'x-ax-exempt on the operation or on its path item silences the rule there only',
    document: oas3({
      '/rpc': { post: { 'x-ax-exempt': { 'ax-envelope-next-steps': 'JSON-RPC 2.0 envelope is fixed by the spec' }, responses: { '200': body(bare) } } },
      '/legacy': { 'x-ax-exempt': { 'ax-envelope-next-steps': 'Frozen legacy endpoint, removed in v3' }, post: { responses: { '200': body(bare) } } },
      '/other': { post: { 'x-ax-exempt': { 'ax-recoverable-error-schema': 'Another rule entirely here' }, responses: { '200': body(bare) } } },
    }),
    errors: [{ path: at('/other', 'post', '200', ...JSON_SCHEMA), ...noSteps() }],
  },
]);

describe('the advice, followed as written on a PUT', () => {
  const put = (steps: object) =>
    oas3({ '/orders/{id}': { put: { responses: { '200': body({ type: 'object', properties: { id: string, nextSteps: steps } }) } } } });
  const codes = async (document: object) =>
    (await Promise.all(['ax-envelope-next-steps', 'ax-envelope-next-steps-shape'].map(rule => runRule(rule as never, document))))
      .flat()
      .map(result => result.code);

  test('the four members required and `method` an HTTP-method enum, as the message says: neither rule reports anything', async () => {
    expect(await codes(put(NEXT_STEPS))).toEqual([]);
  });

  test('in the names `nextStepItem` gives, the steps as the message words them satisfy ax-envelope-next-steps-shape given the same names', async () => {
    const fields = { title: string, verb: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] }, url: string, description: string };
    const steps = { type: 'array', items: { type: 'object', required: Object.keys(fields), properties: fields } };
    const options = { nextStepItem: { action: 'title', method: 'verb', href: 'url' } };
    const results = await Promise.all(['ax-envelope-next-steps', 'ax-envelope-next-steps-shape'].map(rule => runRule(rule as never, put(steps), options)));
    expect(results.flat()).toEqual([]);
  });

  test('the four members without the terms the message adds: five ax-envelope-next-steps-shape findings, which is why it says them', async () => {
    const loose = {
      type: 'array',
      items: { type: 'object', properties: Object.fromEntries(['action', 'method', 'href', 'description'].map(name => [name, string])) },
    };
    expect(await codes(put(loose))).toEqual(Array(5).fill('ax-envelope-next-steps-shape'));
  });
});

/** A 2xx body member that may itself be the next call: the finding asks, and `fix` adds nothing (issue 38, a). */
describe('a body that may be the next call', () => {
  const asks = (label: string, member: string, evidence: string) =>
    `${label}: no \`nextSteps\`; \`${member}\` may be the next call (${evidence}): add \`nextSteps\`: ${STEP} ${TERMS}, listing it if it is.`;
  const PRESIGNED = {
    type: 'object',
    properties: {
      url: { type: 'string', description: 'A presigned PUT URL which must be used to upload the file.' },
      unique_identifier: { type: 'string', description: 'Must be sent to /complete-external-upload.' },
    },
  };
  const READ_ONLY_URI = { type: 'string', format: 'uri', readOnly: true };
  const DOWNLOAD_URL = { type: 'string', description: 'Download URL' };
  /** A Swagger 2.0 POST answering `schema` with `status`. */
  const swaggerPost = (path: string, status: string, schema: object) =>
    swagger2({ [path]: { post: { responses: { [status]: { description: 'OK', schema } } } } });
  const EXPORT = {
    type: 'object',
    required: ['id', 'link', 'url'],
    properties: {
      id: { type: 'string', format: 'uuid', readOnly: true },
      format: { type: 'string', enum: ['json', 'xlsx'] },
      link: READ_ONLY_URI,
      url: READ_ONLY_URI,
    },
  };
  testRule('ax-envelope-next-steps', [
    {
      name: 'OpenAPI 3.0 `$ref`: a presigned upload `url`; an upload channel answering `uploadUrl` + `token`',
      document: oas3(
        {
          '/uploads': post({ '200': body(ref('ExternalUpload')) }),
          '/channels/{id}/upload': post({ '200': body({ type: 'object', properties: { uploadUrl: string, token: string } }) }),
        },
        { schemas: { ExternalUpload: PRESIGNED } },
      ),
      errors: [
        { path: at('/channels/{id}/upload', 'post', '200', ...JSON_SCHEMA), message: asks('POST /channels/{id}/upload 200', 'uploadUrl', 'by its name') },
        {
          path: component('schemas', 'ExternalUpload'),
          ...nextCall('url', 'described "presigned"'),
        },
      ],
    },
    {
      name: 'Swagger 2.0 `allOf`: a value that "must be sent to /complete-…"',
      document: swaggerPost('/uploads', '200', {
        allOf: [
          { type: 'object', properties: { id: string } },
          { type: 'object', properties: { unique_identifier: PRESIGNED.properties.unique_identifier } },
        ],
      }),
      errors: [
        {
          path: ['paths', '/uploads', 'post', 'responses', '200', 'schema'],
          ...nextCall('unique_identifier', 'described "Must be sent to"'),
        },
      ],
    },
    {
      name: 'OpenAPI 3.1: a `redirect_uri` to send the user to',
      document: oas3({ '/checkouts': post({ '200': body({ type: 'object', properties: { id: string, redirect_uri: string } }) }) }, {}, '3.1.0'),
      errors: [
        {
          path: at('/checkouts', 'post', '200', ...JSON_SCHEMA),
          ...nextCall('redirect_uri', 'by its name'),
        },
      ],
    },
    {
      name: "a read-only URI `link` beside the resource's own `url` (GSMtasks' export, OpenAPI 3.0 `$ref`), its one schema the request's too",
      document: oas3(
        {
          '/exports/{id}/': { put: { requestBody: { content: { 'application/json': { schema: ref('Export') } } }, responses: { '200': body(ref('Export')) } } },
        },
        { schemas: { Export: EXPORT } },
      ),
      // The request body is `Export` too: the steps, if any, are the answer's own (`ExportWithNextSteps`).
      errors: [
        {
          path: at('/exports/{id}/', 'put', '200', ...JSON_SCHEMA),
          ...nextCall('link', 'a read-only URI', {
            messageId: 'answerEnvelope',
            data: { shared: 'Export', name: 'nextSteps' },
          }),
        },
      ],
    },
    {
      name: 'Swagger 2.0 `allOf`: the read-only URI `link` in a branch',
      document: swaggerPost('/exports', '201', { allOf: [{ type: 'object', properties: { id: string } }, { properties: { link: READ_ONLY_URI } }] }),
      errors: [
        {
          path: ['paths', '/exports', 'post', 'responses', '201', 'schema'],
          ...nextCall('link', 'a read-only URI'),
        },
      ],
    },
    {
      name: "OpenAPI 3.0 `$ref`: DRACOON's `{ downloadUrl }`, all the body holds",
      document: oas3(
        { '/public/shares/downloads/{key}': post({ '201': body(ref('PublicDownloadTokenGenerateResponse')) }) },
        { schemas: { PublicDownloadTokenGenerateResponse: { type: 'object', required: ['downloadUrl'], properties: { downloadUrl: DOWNLOAD_URL } } } },
      ),
      errors: [
        {
          path: component('schemas', 'PublicDownloadTokenGenerateResponse'),
          ...nextCall('downloadUrl', 'all the body holds'),
        },
      ],
    },
    {
      name: 'Swagger 2.0 `allOf`: a `url` beside nothing but its `token` and `expiresAt`',
      document: swaggerPost('/files/{id}/downloads', '200', {
        allOf: [{ type: 'object', properties: { url: string } }, { properties: { token: string, expiresAt: { type: 'string', format: 'date-time' } } }],
      }),
      errors: [
        {
          path: ['paths', '/files/{id}/downloads', 'post', 'responses', '200', 'schema'],
          ...nextCall('url', 'the body holds only it and `token`, `expiresAt`'),
        },
      ],
    },
    {
      name: "OpenAPI 3.1: Okta's `{ resetPasswordUrl }`, all the body holds",
      document: oas3(
        { '/users/{id}/lifecycle/reset_password': post({ '200': body({ type: 'object', properties: { resetPasswordUrl: string } }) }) },
        {},
        '3.1.0',
      ),
      errors: [
        {
          path: at('/users/{id}/lifecycle/reset_password', 'post', '200', ...JSON_SCHEMA),
          ...nextCall('resetPasswordUrl', 'all the body holds'),
        },
      ],
    },
    {
      name: "lookalikes (OpenAPI 3.0): a `downloadUrl` beside the resource's `id`, two URLs, a `token` alone, Enode's `linkState`, GSMtasks' `owner` (a URI of the new owner), elmah.io's bare `location` (the created resource's): the plain finding",
      document: oas3({
        '/files': post({ '201': body({ type: 'object', properties: { id: string, downloadUrl: DOWNLOAD_URL } }) }),
        '/thumbnails': post({ '201': body({ type: 'object', properties: { thumbnailUrl: string, fullUrl: string } }) }),
        '/sessions': post({ '201': body({ type: 'object', properties: { token: { type: 'string', description: 'Authentication token' } } }) }),
        '/users/{id}/link': post({ '200': body({ type: 'object', properties: { linkState: string } }) }),
        '/accounts/{id}/change_owner': post({ '200': body({ type: 'object', properties: { owner: URI } }) }),
        '/logs': post({ '201': body({ type: 'object', properties: { location: string } }) }),
      }),
      errors: [
        { path: at('/files', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
        { path: at('/thumbnails', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
        { path: at('/sessions', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
        { path: at('/users/{id}/link', 'post', '200', ...JSON_SCHEMA), ...noSteps() },
        { path: at('/accounts/{id}/change_owner', 'post', '200', ...JSON_SCHEMA), ...noSteps() },
        { path: at('/logs', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
      ],
    },
    {
      name: "lookalikes: a URL some request takes is the client's, echoed back (OpenAPI 3.0 `$ref`: Box's `declined_redirect_url`, given in a signer; 3.1: a webhook's `url`)",
      document: oas3(
        {
          '/sign_requests': {
            post: {
              requestBody: { content: { 'application/json': { schema: ref('SignRequestCreateRequest') } } },
              responses: { '201': body(ref('SignRequest')) },
            },
          },
          '/sign_requests/{id}/cancel': post({ '200': body(ref('SignRequest')) }),
          '/webhooks/{id}': {
            put: {
              requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { url: string } } } } },
              responses: { '200': body({ type: 'object', properties: { url: string } }) },
            },
          },
        },
        {
          schemas: {
            SignRequestCreateRequest: {
              type: 'object',
              properties: { signers: { type: 'array', items: { type: 'object', properties: { declined_redirect_url: string } } } },
            },
            SignRequest: { type: 'object', properties: { id: string, declined_redirect_url: string } },
          },
        },
        '3.1.0',
      ),
      errors: [
        { path: at('/webhooks/{id}', 'put', '200', ...JSON_SCHEMA), ...noSteps() },
        { path: component('schemas', 'SignRequest'), ...noSteps() },
      ],
    },
    {
      name: 'Swagger 2.0: an OAuth client answering the `redirect_uri` its request gave',
      document: swagger2({
        '/oauth-clients': {
          post: {
            parameters: [{ in: 'body', name: 'body', schema: { type: 'object', properties: { label: string, redirect_uri: string } } }],
            responses: { '200': { description: 'OK', schema: { type: 'object', properties: { id: string, redirect_uri: string } } } },
          },
        },
      }),
      errors: [{ path: ['paths', '/oauth-clients', 'post', 'responses', '200', 'schema'], ...noSteps() }],
    },
    {
      name: 'lookalikes (OpenAPI 3.1): a `link` the client gave (not read-only), a read-only `url` or `self_link`, a read-only `link` that is no URI: the plain finding',
      document: oas3(
        {
          '/shares': post({
            '201': body({ type: 'object', properties: { link: { type: 'string', format: 'uri' }, url: READ_ONLY_URI, self_link: READ_ONLY_URI } }),
          }),
          // Beside the note's `title`: the body is the note, not only its link (which the next case asks about).
          '/notes': post({ '201': body({ type: 'object', properties: { title: string, link: { type: 'string', readOnly: true } } }) }),
        },
        {},
        '3.1.0',
      ),
      errors: [
        { path: at('/shares', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
        { path: at('/notes', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
      ],
    },
    {
      name: "lookalikes: an `avatarUrl`, a `url` described as the created resource, an `html_url`, GitHub's `browser_download_url`, rev.ai's `callback_url`: the plain finding, with its fix",
      document: oas3({
        '/users': post({
          '201': body({
            type: 'object',
            properties: {
              avatarUrl: string,
              url: { type: 'string', description: 'The URL of the created user.' },
              html_url: string,
              browser_download_url: string,
              callback_url: string,
            },
          }),
        }),
      }),
      errors: [{ path: at('/users', 'post', '201', ...JSON_SCHEMA), ...noSteps() }],
    },
    {
      name: "OpenAPI 3.0 `$ref`: LGTM's 202 `operation { id, status, task-result-url }`, the URL of the task's result; Swagger 2.0 `allOf`: a `statusUrl` beside its `state`",
      document: oas3(
        {
          '/queryjobs': post({ '202': body(ref('operation')) }),
          '/exports': post({ '202': body({ allOf: [{ type: 'object', properties: { id: string, state: string } }, { properties: { statusUrl: string } }] }) }),
        },
        {
          schemas: {
            operation: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                status: { type: 'string', enum: ['pending', 'done'] },
                'task-result-url': { type: 'string', description: 'The URL for the result of the task.' },
                'task-type': { type: 'string', enum: ['analysis', 'queryjob'] },
              },
            },
          },
        },
      ),
      errors: [
        {
          path: at('/exports', 'post', '202', ...JSON_SCHEMA),
          ...nextCall('statusUrl', 'by its name, beside its `state`'),
        },
        {
          path: component('schemas', 'operation'),
          ...nextCall('task-result-url', 'by its name, beside its `status`'),
        },
      ],
    },
    {
      name: 'lookalikes (OpenAPI 3.1): an `avatar_url` beside a `status`, a `result_url` of a body with no status, two outcome URLs: the plain finding',
      document: oas3(
        {
          '/users': post({ '201': body({ type: 'object', properties: { id: string, status: string, avatar_url: string } }) }),
          '/reports': post({ '201': body({ type: 'object', properties: { id: string, name: string, result_url: string } }) }),
          '/jobs': post({ '202': body({ type: 'object', properties: { id: string, status: string, result_url: string, output_url: string } }) }),
        },
        {},
        '3.1.0',
      ),
      errors: [
        { path: at('/users', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
        { path: at('/reports', 'post', '201', ...JSON_SCHEMA), ...noSteps() },
        { path: at('/jobs', 'post', '202', ...JSON_SCHEMA), ...noSteps() },
      ],
    },
  ]);

  test.each([
    ['a presigned upload `url`', PRESIGNED],
    ['a read-only URI `link`', EXPORT],
    ['a `downloadUrl`, all the body holds', { type: 'object', properties: { downloadUrl: DOWNLOAD_URL } }],
    ["a task's `result_url` beside its `status`", { type: 'object', properties: { id: string, status: string, result_url: string } }],
  ])('`fix` does not edit a body that may be the next call: %s', async (_name, schema) => {
    const document = oas3({ '/uploads': post({ '200': body(schema) }) });
    const { before, edits } = await fixAndRelint('ax-envelope-next-steps', document);
    expect(before).toHaveLength(1);
    expect(edits).toEqual([]);
  });
});

/** A bare array is asked about, never rewritten: wrapping it breaks every client that reads the array (issue 38). */
describe('a bare JSON array body', () => {
  testRule('ax-envelope-next-steps', [
    {
      name: 'Swagger 2.0 `$ref` and OpenAPI 3.1 `allOf` of an array: asked, with the wrap as the option of a new version',
      document: swagger2(
        { '/payments/batch': post({ '200': { description: 'OK', schema: { $ref: '#/definitions/Payments' } } }) },
        { definitions: { Payments: { type: 'array', items: bare } } },
      ),
      errors: [{ path: ['paths', '/payments/batch', 'post', 'responses', '200', 'schema'], ...NO_ROOM_FOR_STEPS }],
    },
    {
      name: 'lookalike: an object whose `data` is the array has room, and is told to add the steps',
      document: oas3({ '/payments/batch': post({ '200': body({ type: 'object', properties: { data: { type: 'array', items: bare } } }) }) }, {}, '3.1.0'),
      errors: [{ path: at('/payments/batch', 'post', '200', ...JSON_SCHEMA), ...noSteps() }],
    },
  ]);

  test('`fix` adds nothing to a bare array', async () => {
    const document = oas3({ '/payments/batch': post({ '200': body({ allOf: [{ type: 'array', items: bare }] }) }) }, {}, '3.1.0');
    const { before, edits } = await fixAndRelint('ax-envelope-next-steps', document);
    expect(before.map(finding => finding.message)).toEqual([wrap('POST /payments/batch 200', 'an array')]);
    expect(edits).toEqual([]);
  });
});

/** A `links` whose one relation is `self` lists no next call: the body is told to add the steps, and `fix` adds them (issue 38). */
describe('a `links` of `self` alone', () => {
  /** InfluxDB's `UserResponse`: `links: { self }` (a URI, read-only); `ResourceOwner` is an `allOf` of it and a `role`. */
  const USER = {
    type: 'object',
    required: ['name'],
    properties: { id: string, name: string, links: { type: 'object', readOnly: true, properties: { self: URI } } },
  };
  const OWNER = { allOf: [ref('UserResponse'), { type: 'object', properties: { role: { type: 'string', enum: ['owner'] } } }] };
  const influx = () => oas3({ '/buckets/{id}/owners': post({ '201': body(ref('ResourceOwner')) }) }, { schemas: { UserResponse: USER, ResourceOwner: OWNER } });
  testRule('ax-envelope-next-steps', [
    {
      name: "OpenAPI 3.0 `$ref` and `allOf` (InfluxDB's `ResourceOwner`): no `method` asked of `self`, the steps are",
      document: influx(),
      errors: [{ path: component('schemas', 'ResourceOwner'), ...noSteps() }],
    },
    {
      name: "OpenAPI 3.0: the body's own `links: { self }` beside an `owner` with links of its own (Bitbucket's deploy key): the owner's links are no next calls",
      document: oas3({
        '/deploy-keys': post({
          '200': body({
            type: 'object',
            properties: {
              id: string,
              owner: {
                type: 'object',
                properties: { uuid: string, links: { type: 'object', properties: { self: HAL_LINK, html: HAL_LINK, avatar: HAL_LINK } } },
              },
              links: { type: 'object', properties: { self: HAL_LINK } },
            },
          }),
        }),
      }),
      errors: [{ path: at('/deploy-keys', 'post', '200', ...JSON_SCHEMA), ...noSteps() }],
    },
    {
      name: 'Swagger 2.0 `$ref`: `links: { self: { href } }`',
      document: swagger2(
        { '/users': post({ '201': { description: 'Created', schema: { $ref: '#/definitions/User' } } }) },
        { definitions: { User: { type: 'object', properties: { id: string, links: { type: 'object', properties: { self: HAL_LINK } } } } } },
      ),
      errors: [{ path: ['definitions', 'User'], ...noSteps() }],
    },
    {
      name: 'OpenAPI 3.1, JSON:API `links: { self }`: the action links go in `links`',
      document: oas3(
        {
          '/articles': post({
            '201': body(
              { type: 'object', properties: { data: { type: 'object' }, links: { type: 'object', properties: { self: URI } } } },
              'application/vnd.api+json',
            ),
          }),
        },
        {},
        '3.1.0',
      ),
      errors: [
        {
          path: at('/articles', 'post', '201', 'content', 'application/vnd.api+json', 'schema'),
          messageId: 'jsonApiWithoutNextCall',
          data: { links: 'links', concept: 'nextSteps' },
        },
      ],
    },
    {
      name: 'lookalikes: `self` beside another relation, `self` in a map open to more (`additionalProperties`): still asked for the `method`; HAL `_links: { self }` and a `self` with its `method`: silent',
      document: oas3({
        '/a': post({ '201': body({ type: 'object', properties: { links: { type: 'object', properties: { self: URI, owners: URI } } } }) }),
        '/b': post({ '201': body({ type: 'object', properties: { links: { type: 'object', properties: { self: URI }, additionalProperties: HAL_LINK } } }) }),
        '/c': post({ '201': body({ type: 'object', properties: { id: string, _links: { type: 'object', properties: { self: HAL_LINK } } } }) }),
        '/d': post({ '201': body({ type: 'object', properties: { id: string, links: { type: 'object', properties: { self: METHOD_LINK } } } }) }),
      }),
      errors: [
        { path: at('/a', 'post', '201', ...JSON_SCHEMA), ...linksWithoutMethod('links') },
        { path: at('/b', 'post', '201', ...JSON_SCHEMA), ...linksWithoutMethod('links') },
      ],
    },
  ]);

  test('`fix` declares the steps beside `links`, and the finding is gone', async () => {
    const { before, edits, after } = await fixAndRelint('ax-envelope-next-steps', influx());
    expect(before).toHaveLength(1);
    // Into the schema that declares `links`, which only this mutation answers (through `ResourceOwner`).
    expect(edits.map(edit => edit.target)).toEqual([
      ['components', 'schemas', 'UserResponse'],
      ['components', 'schemas'],
    ]);
    expect(after).toEqual([]);
  });

  test('with every rule: `fix --only ax-envelope-next-steps` clears it and adds no finding of any rule', async () => {
    const { ran, before, after } = await fixOnly(influx(), 'ax-envelope-next-steps');
    expect(ran.code).toBe(0);
    const nextSteps = (keys: readonly string[]) => keys.filter(key => JSON.parse(key)[0] === 'ax-envelope-next-steps');
    expect(nextSteps(before)).toHaveLength(1);
    expect(nextSteps(after)).toEqual([]);
    expect(after.filter(key => !before.includes(key))).toEqual([]);
  });
});

/** Page links (first, prev/previous, next, last, in any case) are the list's next calls, GETs by convention, as HAL's `_links` are (issue 38). */
describe('page links', () => {
  /** PI Web API's `Items_Element_`: the first page of a stored search, with `Links` = `PaginationLinks`. */
  const PAGES = { type: 'object', properties: { First: string, Previous: string, Next: string, Last: string } };
  const page = (links: object) => ({ type: 'object', properties: { Items: { type: 'array', items: { type: 'object' } }, Links: links } });
  testRule('ax-envelope-next-steps', [
    {
      name: "OpenAPI 3.0 `$ref` (PI Web API's `Links` = `PaginationLinks { First, Previous, Next, Last }`), 3.1 `allOf` of `links: { self, prev, next }`: silent",
      document: oas3(
        {
          '/elements/searchbyattribute': post({ '201': body(ref('Items_Element_')) }),
          '/orders/search': post({
            '200': body({
              allOf: [
                { type: 'object', properties: { data: { type: 'array' } } },
                { properties: { links: { properties: { self: URI, prev: URI, next: URI } } } },
              ],
            }),
          }),
        },
        { schemas: { Items_Element_: page(ref('PaginationLinks')), PaginationLinks: PAGES } },
        '3.1.0',
      ),
      errors: [],
    },
    {
      name: 'Swagger 2.0: `links: { next, last }` of HAL links: silent',
      document: swagger2(
        { '/imports': post({ '201': { description: 'Created', schema: { $ref: '#/definitions/Page' } } }) },
        {
          definitions: {
            Page: { type: 'object', properties: { items: { type: 'array' }, links: { type: 'object', properties: { next: HAL_LINK, last: HAL_LINK } } } },
          },
        },
      ),
      errors: [],
    },
    {
      name: 'lookalikes: a `Links` of actions (`Approve`, `Cancel`), one beside a page (`Next`, `Approve`), a page map open to more: still asked for a method',
      document: oas3({
        '/a': post({ '201': body(page({ type: 'object', properties: { Approve: string, Cancel: string } })) }),
        '/b': post({ '201': body(page({ type: 'object', properties: { Next: string, Approve: string } })) }),
        '/c': post({ '201': body({ type: 'object', properties: { links: { type: 'object', properties: { next: URI }, additionalProperties: URI } } }) }),
      }),
      errors: [
        { path: at('/a', 'post', '201', ...JSON_SCHEMA), ...lookalikeSays('method', 'Links') },
        { path: at('/b', 'post', '201', ...JSON_SCHEMA), ...lookalikeSays('method', 'Links') },
        { path: at('/c', 'post', '201', ...JSON_SCHEMA), ...linksWithoutMethod('links') },
      ],
    },
  ]);
});
