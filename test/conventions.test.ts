/**
 * Every convention of docs/conventions.md × every rule that reads error bodies: what each rule says on
 * the framework's real shape (test/fixtures/conventions/), exactly. Silence means the shape provides
 * what the rule asks; a finding names the fix in the API's own vocabulary.
 */
import { convention, CONVENTIONS, LANE } from './support/conventions';
import { runRule, testRule } from './support/testRule';

testRule('ax-recoverable-error-structure', [
  {
    name: 'convention aspnetcore',
    document: convention('aspnetcore'),
    errors: [
      {
        path: ['paths', '/api/Orders', 'post', 'responses', '400', 'content', 'application/problem+json', 'schema'],
        message:
          'POST /api/Orders 400: the error schema does not require `type` or `detail`. List `type` and `detail` as required in the schema; your error handler must then send them.',
      },
      {
        path: ['paths', '/api/Orders', 'post', 'responses', '500', 'content', 'application/problem+json', 'schema'],
        message:
          'POST /api/Orders 500: the error schema does not require `type` or `detail`. List `type` and `detail` as required in the schema; your error handler must then send them.',
      },
      {
        path: ['paths', '/api/Orders/{id}', 'get', 'responses', '404', 'content', 'application/problem+json', 'schema'],
        message:
          'GET /api/Orders/{id} 404: the error schema does not require `type` or `detail`. List `type` and `detail` as required in the schema; your error handler must then send them.',
      },
    ],
  },
  {
    name: 'convention berlin-group',
    document: convention('berlin-group'),
    errors: [
      {
        path: ['paths', '/v1/payments/{payment-product}', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/payments/{payment-product} 400: the error schema does not require `text` in its `tppMessages[]` items. List `text` as required in the `tppMessages[]` items; your error handler must then send it.',
      },
      {
        path: ['paths', '/v1/payments/{payment-product}/{paymentId}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/payments/{payment-product}/{paymentId} 404: the error schema does not require `text` in its `tppMessages[]` items. List `text` as required in the `tppMessages[]` items; your error handler must then send it.',
      },
    ],
  },
  { name: 'convention dotnet-fault', document: convention('dotnet-fault'), errors: [] },
  { name: 'convention fastapi', document: convention('fastapi'), errors: [] },
  {
    name: 'convention google-aip193',
    document: convention('google-aip193'),
    errors: [
      {
        path: ['paths', '/v1/orders', 'post', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/orders default: the error schema does not require `status` or `message` in its `error` object. List `status` and `message` as required in the `error` object; your error handler must then send them.',
      },
      {
        path: ['paths', '/v1/orders/{order}', 'get', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/orders/{order} default: the error schema does not require `status` or `message` in its `error` object. List `status` and `message` as required in the `error` object; your error handler must then send them.',
      },
    ],
  },
  { name: 'convention graphql-style', document: convention('graphql-style'), errors: [] },
  {
    name: 'convention jsonapi',
    document: convention('jsonapi'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '422', 'content', 'application/vnd.api+json', 'schema'],
        message:
          'POST /orders 422: the error schema does not require `code` or `detail` in its `errors[]` items. List `code` and `detail` as required in the `errors[]` items; your error handler must then send them.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/vnd.api+json', 'schema'],
        message:
          'POST /orders 500: the error schema does not require `code` or `detail` in its `errors[]` items. List `code` and `detail` as required in the `errors[]` items; your error handler must then send them.',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/vnd.api+json', 'schema'],
        message:
          'GET /orders/{id} 404: the error schema does not require `code` or `detail` in its `errors[]` items. List `code` and `detail` as required in the `errors[]` items; your error handler must then send them.',
      },
    ],
  },
  { name: 'convention microsoft', document: convention('microsoft'), errors: [] },
  {
    name: 'convention oauth2',
    document: convention('oauth2'),
    errors: [
      {
        path: ['paths', '/oauth/token', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /oauth/token 400: the error schema does not require `error_description`. List `error_description` as required in the schema; your error handler must then send it.',
      },
      {
        path: ['paths', '/oauth/token', 'post', 'responses', '401', 'content', 'application/json', 'schema'],
        message:
          'POST /oauth/token 401: the error schema does not require `error_description`. List `error_description` as required in the schema; your error handler must then send it.',
      },
    ],
  },
  { name: 'convention rfc9457', document: convention('rfc9457'), errors: [] },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 400: the error schema has no code and does not require `message` (`error` is the HTTP status). Add a required `code` (e.g. "VALIDATION_ERROR"). List `message` as required in the schema; your error handler must then send them.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 500: the error schema has no code and does not require `message` (`error` is the HTTP status). Add a required `code` (e.g. "INTERNAL_ERROR"). List `message` as required in the schema; your error handler must then send them.',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /orders/{id} 404: the error schema has no code and does not require `message` (`error` is the HTTP status). Add a required `code` (e.g. "NOT_FOUND"). List `message` as required in the schema; your error handler must then send them.',
      },
    ],
  },
  {
    name: 'convention stripe',
    document: convention('stripe'),
    errors: [
      {
        path: ['paths', '/v1/refunds', 'post', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/refunds default: the error schema does not require `message` in its `error` object. List `message` as required in the `error` object; your error handler must then send it.',
      },
      {
        path: ['paths', '/v1/refunds/{refund}', 'get', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/refunds/{refund} default: the error schema does not require `message` in its `error` object. List `message` as required in the `error` object; your error handler must then send it.',
      },
    ],
  },
  { name: 'convention zod-issues', document: convention('zod-issues'), errors: [] },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      {
        path: ['paths', '/accounts/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /accounts/{id} 404: the error schema does not require `detailedErrorCode` or `errorSummary`. List `detailedErrorCode` and `errorSummary` as required in the schema; your error handler must then send them.',
      },
      {
        path: ['paths', '/accounts/{id}', 'get', 'responses', '500', 'content', 'application/json', 'schema'],
        message:
          'GET /accounts/{id} 500: the error schema does not require `detailedErrorCode` or `errorSummary`. List `detailedErrorCode` and `errorSummary` as required in the schema; your error handler must then send them.',
      },
      {
        path: ['paths', '/transfers', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 400: the error schema does not require `errorCode` or `message` in its `fault.errors[]` items. List `errorCode` and `message` as required in the `fault.errors[]` items; your error handler must then send them.',
      },
      {
        path: ['paths', '/transfers', 'post', 'responses', '502', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 502: the error schema may keep its code in `internalCode`. If `internalCode` is the code, describe it so; else add a required `detailedErrorCode` (e.g. "BAD_GATEWAY").',
      },
      {
        path: ['paths', '/transfers', 'post', 'responses', '503', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 503: the error schema does not require `detailedErrorCode` or `errorSummary`. List `detailedErrorCode` and `errorSummary` as required in the schema; your error handler must then send them.',
      },
    ],
  },
]);

testRule('ax-recoverable-field-details', [
  { name: 'convention aspnetcore', document: convention('aspnetcore'), errors: [] },
  { name: 'convention berlin-group', document: convention('berlin-group'), errors: [] },
  { name: 'convention dotnet-fault', document: convention('dotnet-fault'), errors: [] },
  { name: 'convention fastapi', document: convention('fastapi'), errors: [] },
  { name: 'convention google-aip193', document: convention('google-aip193'), errors: [] },
  { name: 'convention graphql-style', document: convention('graphql-style'), errors: [] },
  { name: 'convention jsonapi', document: convention('jsonapi'), errors: [] },
  { name: 'convention microsoft', document: convention('microsoft'), errors: [] },
  {
    name: 'convention oauth2',
    document: convention('oauth2'),
    errors: [
      {
        path: ['paths', '/oauth/token', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /oauth/token 400: the error schema names no failed input field. Add `details`: an array of { field, message }, one per invalid field.',
      },
    ],
  },
  { name: 'convention prism', document: convention('prism'), errors: [] },
  {
    name: 'convention rfc9457',
    document: convention('rfc9457'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '422', 'content', 'application/problem+json', 'schema'],
        message: 'POST /orders 422: the error schema names no failed input field. Add `details`: an array of { field, message }, one per invalid field.',
      },
    ],
  },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /orders 400: the error schema names no failed input field. Add `details`: an array of { field, message }, one per invalid field.',
      },
    ],
  },
  { name: 'convention stripe', document: convention('stripe'), errors: [] },
  { name: 'convention zod-issues', document: convention('zod-issues'), errors: [] },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      {
        path: ['paths', '/transfers', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          "POST /transfers 400: the error schema declares `fault.errors` but its items have no field locator. Add `field` (the input's JSON Pointer) to the items of `fault.errors`.",
      },
    ],
  },
]);

testRule('ax-recoverable-suggestion', [
  {
    name: 'convention aspnetcore',
    document: convention('aspnetcore'),
    errors: [
      {
        path: ['paths', '/api/Orders', 'post', 'responses', '400', 'content', 'application/problem+json', 'schema'],
        message: 'POST /api/Orders 400: the error schema has no recovery hint. Add `recoveryHint`, e.g. "Send `sku` as a valid string".',
      },
      {
        path: ['paths', '/api/Orders/{id}', 'get', 'responses', '404', 'content', 'application/problem+json', 'schema'],
        message:
          'GET /api/Orders/{id} 404: the error schema has no recovery hint. Add `recoveryHint`, e.g. "List the collection to find a valid id, then retry".',
      },
    ],
  },
  {
    name: 'convention berlin-group',
    document: convention('berlin-group'),
    errors: [
      {
        path: ['paths', '/v1/payments/{payment-product}', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/payments/{payment-product} 400: the error schema has no recovery hint. Add `recoveryHint` to the `tppMessages[]` items, e.g. "Shorten `creditorName` to at most 70 characters".',
      },
      {
        path: ['paths', '/v1/payments/{payment-product}/{paymentId}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/payments/{payment-product}/{paymentId} 404: the error schema has no recovery hint. Add `recoveryHint` to the `tppMessages[]` items, e.g. "List the collection to find a valid id, then retry".',
      },
    ],
  },
  {
    name: 'convention dotnet-fault',
    document: convention('dotnet-fault'),
    errors: [
      {
        path: ['paths', '/Orders', 'post', 'responses', '400', 'schema'],
        message:
          'POST /Orders 400: the error schema has no recovery hint. Add `RecoveryHint` to the `fault` object, e.g. "Set `Quantity` to an integer of at least 1".',
      },
      {
        path: ['paths', '/Orders/{id}', 'get', 'responses', '404', 'schema'],
        message:
          'GET /Orders/{id} 404: the error schema has no recovery hint. Add `RecoveryHint` to the `fault` object, e.g. "List the collection to find a valid id, then retry".',
      },
    ],
  },
  {
    name: 'convention fastapi',
    document: convention('fastapi'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '422', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 422: the error schema has no recovery hint. Add `recoveryHint` to the `detail[]` items, e.g. "Set `quantity` to an integer of at least 1".',
      },
      {
        path: ['paths', '/orders/{order_id}', 'get', 'responses', '422', 'content', 'application/json', 'schema'],
        message:
          'GET /orders/{order_id} 422: the error schema has no recovery hint. Add `recoveryHint` to the `detail[]` items, e.g. "Send `order_id` as a valid integer".',
      },
    ],
  },
  {
    name: 'convention google-aip193',
    document: convention('google-aip193'),
    errors: [
      {
        path: ['paths', '/v1/orders', 'post', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/orders default: the error schema has no recovery hint. Add `recoveryHint` to the `error` object, e.g. "Send `sku` as a valid string".',
      },
      {
        path: ['paths', '/v1/orders/{order}', 'get', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/orders/{order} default: the error schema has no recovery hint. Add `recoveryHint` to the `error` object, e.g. "Send `order` as a valid string".',
      },
    ],
  },
  {
    name: 'convention graphql-style',
    document: convention('graphql-style'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 400: the error schema has no recovery hint. Add `recoveryHint` to the `errors[]` items, e.g. "Set `quantity` to an integer of at least 1".',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /orders/{id} 404: the error schema has no recovery hint. Add `recoveryHint` to the `errors[]` items, e.g. "List the collection to find a valid id, then retry".',
      },
    ],
  },
  {
    name: 'convention jsonapi',
    document: convention('jsonapi'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '422', 'content', 'application/vnd.api+json', 'schema'],
        message: 'POST /orders 422: the error schema has no recovery hint. Add `recoveryHint` to the `errors[]` items, e.g. "Send `data` as a valid object".',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/vnd.api+json', 'schema'],
        message:
          'GET /orders/{id} 404: the error schema has no recovery hint. Add `recoveryHint` to the `errors[]` items, e.g. "List the collection to find a valid id, then retry".',
      },
    ],
  },
  {
    name: 'convention microsoft',
    document: convention('microsoft'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 400: the error schema has no recovery hint. Add `recoveryHint` to the `error` object, e.g. "Set `quantity` to an integer of at least 1".',
      },
      {
        path: ['paths', '/orders/{orderId}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /orders/{orderId} 404: the error schema has no recovery hint. Add `recoveryHint` to the `error` object, e.g. "List the collection to find a valid id, then retry".',
      },
    ],
  },
  {
    name: 'convention oauth2',
    document: convention('oauth2'),
    errors: [
      {
        path: ['paths', '/oauth/token', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /oauth/token 400: the error schema has no recovery hint. Add `recovery_hint`, e.g. "Set `grant_type` to one of authorization_code, …".',
      },
      {
        path: ['paths', '/oauth/token', 'post', 'responses', '401', 'content', 'application/json', 'schema'],
        message: 'POST /oauth/token 401: the error schema has no recovery hint. Add `recovery_hint`, e.g. "Send valid client credentials, then retry".',
      },
    ],
  },
  {
    name: 'convention rfc9457',
    document: convention('rfc9457'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '422', 'content', 'application/problem+json', 'schema'],
        message: 'POST /orders 422: the error schema has no recovery hint. Add `recoveryHint`, e.g. "Set `quantity` to an integer of at least 1".',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/problem+json', 'schema'],
        message: 'GET /orders/{id} 404: the error schema has no recovery hint. Add `recoveryHint`, e.g. "List the collection to find a valid id, then retry".',
      },
    ],
  },
  {
    name: 'convention rpc-failure',
    document: convention('rpc-failure'),
    errors: [
      {
        path: ['paths', '/orders.create', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /orders.create 400: the error schema has no recovery hint. Add `recovery_hint` to the `failure` object, e.g. "Set `quantity` to an integer of at least 1".',
      },
    ],
  },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /orders 400: the error schema has no recovery hint. Add `recoveryHint`, e.g. "Set `quantity` to an integer of at least 1".',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message: 'GET /orders/{id} 404: the error schema has no recovery hint. Add `recoveryHint`, e.g. "List the collection to find a valid id, then retry".',
      },
    ],
  },
  {
    name: 'convention stripe',
    document: convention('stripe'),
    errors: [
      {
        path: ['paths', '/v1/refunds', 'post', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/refunds default: the error schema has no recovery hint. Add `recovery_hint` to the `error` object, e.g. "Shorten `charge` to at most 5000 characters".',
      },
      {
        path: ['paths', '/v1/refunds/{refund}', 'get', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/refunds/{refund} default: the error schema has no recovery hint. Add `recovery_hint` to the `error` object, e.g. "Shorten `refund` to at most 5000 characters".',
      },
    ],
  },
  {
    name: 'convention zod-issues',
    document: convention('zod-issues'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /orders 400: the error schema has no recovery hint. Add `recoveryHint`, e.g. "Set `quantity` to an integer of at least 1".',
      },
    ],
  },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      {
        path: ['paths', '/accounts/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /accounts/{id} 404: the error schema has no recovery hint. Add `recoveryHint`, e.g. "List the collection to find a valid id, then retry".',
      },
      {
        path: ['paths', '/transfers', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 400: the error schema has no recovery hint. Add `recoveryHint` to the `fault.errors[]` items, e.g. "Set `amount` to an integer of at least 1".',
      },
    ],
  },
]);

testRule('ax-recoverable-trace-id', [
  { name: 'convention aspnetcore', document: convention('aspnetcore'), errors: [] },
  { name: 'convention berlin-group', document: convention('berlin-group'), errors: [] },
  {
    name: 'convention dotnet-fault',
    document: convention('dotnet-fault'),
    errors: [
      {
        path: ['paths', '/Orders', 'post', 'responses', '500', 'schema'],
        message:
          'POST /Orders 500: the error schema has no correlation id. Add `TraceId` (string) to the `fault` object or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
  { name: 'convention fastapi', document: convention('fastapi'), errors: [] },
  {
    name: 'convention google-aip193',
    document: convention('google-aip193'),
    errors: [
      {
        path: ['paths', '/v1/orders', 'post', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/orders default: the error schema has no correlation id. Add `trace_id` (string) to the `error` object or an `X-Request-ID` header, for the agent to quote.',
      },
      {
        path: ['paths', '/v1/orders/{order}', 'get', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/orders/{order} default: the error schema has no correlation id. Add `trace_id` (string) to the `error` object or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
  {
    name: 'convention graphql-style',
    document: convention('graphql-style'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message: 'POST /orders 500: the error schema has no correlation id. Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
  {
    name: 'convention jsonapi',
    document: convention('jsonapi'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/vnd.api+json', 'schema'],
        message:
          'POST /orders 500: the error schema may keep its correlation id in `id` in its `errors[]` items. If `id` is the correlation id, describe it so; else add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
  {
    name: 'convention microsoft',
    document: convention('microsoft'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 500: the error schema has no correlation id. Add `trace_id` (string) to the `error` object or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
  { name: 'convention oauth2', document: convention('oauth2'), errors: [] },
  { name: 'convention rfc9457', document: convention('rfc9457'), errors: [] },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message: 'POST /orders 500: the error schema has no correlation id. Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
  { name: 'convention stripe', document: convention('stripe'), errors: [] },
  {
    name: 'convention zod-issues',
    document: convention('zod-issues'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message: 'POST /orders 500: the error schema has no correlation id. Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      {
        path: ['paths', '/transfers', 'post', 'responses', '502', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 502: the error schema may keep its correlation id in `eventId`. If `eventId` is the correlation id, describe it so; else add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.',
      },
    ],
  },
]);

testRule('ax-recoverable-no-stack-traces', [
  { name: 'convention aspnetcore', document: convention('aspnetcore'), errors: [] },
  { name: 'convention berlin-group', document: convention('berlin-group'), errors: [] },
  {
    name: 'convention dotnet-fault',
    document: convention('dotnet-fault'),
    errors: [
      {
        path: ['paths', '/Orders', 'post', 'responses', '400', 'schema'],
        message:
          'POST /Orders 400: the error schema declares `StackTrace` in its `fault` object, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
      {
        path: ['paths', '/Orders', 'post', 'responses', '500', 'schema'],
        message:
          'POST /Orders 500: the error schema declares `StackTrace` in its `fault` object, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
      {
        path: ['paths', '/Orders/{id}', 'get', 'responses', '404', 'schema'],
        message:
          'GET /Orders/{id} 404: the error schema declares `StackTrace` in its `fault` object, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
    ],
  },
  { name: 'convention fastapi', document: convention('fastapi'), errors: [] },
  { name: 'convention google-aip193', document: convention('google-aip193'), errors: [] },
  { name: 'convention graphql-style', document: convention('graphql-style'), errors: [] },
  { name: 'convention jsonapi', document: convention('jsonapi'), errors: [] },
  { name: 'convention microsoft', document: convention('microsoft'), errors: [] },
  { name: 'convention oauth2', document: convention('oauth2'), errors: [] },
  { name: 'convention rfc9457', document: convention('rfc9457'), errors: [] },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 400: the error schema declares `trace`, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 500: the error schema declares `trace`, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /orders/{id} 404: the error schema declares `trace`, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      },
    ],
  },
  { name: 'convention stripe', document: convention('stripe'), errors: [] },
  { name: 'convention zod-issues', document: convention('zod-issues'), errors: [] },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [],
  },
]);

testRule('ax-recoverable-retryable-flag', [
  {
    name: 'convention aspnetcore',
    document: convention('aspnetcore'),
    errors: [
      {
        path: ['paths', '/api/Orders', 'post', 'responses', '400', 'content', 'application/problem+json', 'schema'],
        message: 'POST /api/Orders 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/api/Orders', 'post', 'responses', '500', 'content', 'application/problem+json', 'schema'],
        message: 'POST /api/Orders 500: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/api/Orders/{id}', 'get', 'responses', '404', 'content', 'application/problem+json', 'schema'],
        message: 'GET /api/Orders/{id} 404: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention berlin-group',
    document: convention('berlin-group'),
    errors: [
      {
        path: ['paths', '/v1/payments/{payment-product}', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/payments/{payment-product} 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/v1/payments/{payment-product}/{paymentId}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/payments/{payment-product}/{paymentId} 404: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention dotnet-fault',
    document: convention('dotnet-fault'),
    errors: [
      {
        path: ['paths', '/Orders', 'post', 'responses', '400', 'schema'],
        message:
          'POST /Orders 400: the error schema has no retry flag. Add `Retryable` (boolean) to the `fault` object, true when the same call may succeed later.',
      },
      {
        path: ['paths', '/Orders', 'post', 'responses', '500', 'schema'],
        message:
          'POST /Orders 500: the error schema has no retry flag. Add `Retryable` (boolean) to the `fault` object, true when the same call may succeed later.',
      },
      {
        path: ['paths', '/Orders/{id}', 'get', 'responses', '404', 'schema'],
        message:
          'GET /Orders/{id} 404: the error schema has no retry flag. Add `Retryable` (boolean) to the `fault` object, true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention fastapi',
    document: convention('fastapi'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '422', 'content', 'application/json', 'schema'],
        message: 'POST /orders 422: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders/{order_id}', 'get', 'responses', '422', 'content', 'application/json', 'schema'],
        message: 'GET /orders/{order_id} 422: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention google-aip193',
    document: convention('google-aip193'),
    errors: [
      {
        path: ['paths', '/v1/orders', 'post', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/orders default: the error schema has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      },
      {
        path: ['paths', '/v1/orders/{order}', 'get', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/orders/{order} default: the error schema has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention graphql-style',
    document: convention('graphql-style'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /orders 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message: 'POST /orders 500: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message: 'GET /orders/{id} 404: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention jsonapi',
    document: convention('jsonapi'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '422', 'content', 'application/vnd.api+json', 'schema'],
        message: 'POST /orders 422: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/vnd.api+json', 'schema'],
        message: 'POST /orders 500: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/vnd.api+json', 'schema'],
        message: 'GET /orders/{id} 404: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention microsoft',
    document: convention('microsoft'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 400: the error schema has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message:
          'POST /orders 500: the error schema has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders/{orderId}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /orders/{orderId} 404: the error schema has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention oauth2',
    document: convention('oauth2'),
    errors: [
      {
        path: ['paths', '/oauth/token', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /oauth/token 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/oauth/token', 'post', 'responses', '401', 'content', 'application/json', 'schema'],
        message: 'POST /oauth/token 401: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention rfc9457',
    document: convention('rfc9457'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '422', 'content', 'application/problem+json', 'schema'],
        message: 'POST /orders 422: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/problem+json', 'schema'],
        message: 'POST /orders 500: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/problem+json', 'schema'],
        message: 'GET /orders/{id} 404: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention rpc-failure',
    document: convention('rpc-failure'),
    errors: [
      {
        path: ['paths', '/orders.create', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /orders.create 400: the error schema has no retry flag. Add `retryable` (boolean) to the `failure` object, true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders.create', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message:
          'POST /orders.create 500: the error schema has no retry flag. Add `retryable` (boolean) to the `failure` object, true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /orders 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message: 'POST /orders 500: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message: 'GET /orders/{id} 404: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention stripe',
    document: convention('stripe'),
    errors: [
      {
        path: ['paths', '/v1/refunds', 'post', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'POST /v1/refunds default: the error schema has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      },
      {
        path: ['paths', '/v1/refunds/{refund}', 'get', 'responses', 'default', 'content', 'application/json', 'schema'],
        message:
          'GET /v1/refunds/{refund} default: the error schema has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention zod-issues',
    document: convention('zod-issues'),
    errors: [
      {
        path: ['paths', '/orders', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message: 'POST /orders 400: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/orders', 'post', 'responses', '500', 'content', 'application/json', 'schema'],
        message: 'POST /orders 500: the error schema has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      },
    ],
  },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      {
        path: ['paths', '/accounts/{id}', 'get', 'responses', '404', 'content', 'application/json', 'schema'],
        message:
          'GET /accounts/{id} 404: the error schema declares the retry flag `canBeRetried` as string. Make it a boolean: an agent branches on true or false.',
      },
      {
        path: ['paths', '/accounts/{id}', 'get', 'responses', '500', 'content', 'application/json', 'schema'],
        message:
          'GET /accounts/{id} 500: the error schema declares the retry flag `canBeRetried` as string. Make it a boolean: an agent branches on true or false.',
      },
      {
        path: ['paths', '/transfers', 'post', 'responses', '400', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 400: the error schema has no retry flag. Add `retryable` (boolean) to the `fault` object, true when the same call may succeed later.',
      },
      {
        path: ['paths', '/transfers', 'post', 'responses', '502', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 502: the error schema may keep its retry flag in `transient`. If `transient` is the retry flag, describe it so; else add `retryable` (boolean), true when the same call may succeed later.',
      },
      {
        path: ['paths', '/transfers', 'post', 'responses', '503', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 503: the error schema declares the retry flag `canBeRetried` as string. Make it a boolean: an agent branches on true or false.',
      },
    ],
  },
]);

testRule('ax-envelope-refresh-url', [
  { name: 'convention aspnetcore', document: convention('aspnetcore'), errors: [] },
  { name: 'convention berlin-group', document: convention('berlin-group'), errors: [] },
  { name: 'convention dotnet-fault', document: convention('dotnet-fault'), errors: [] },
  { name: 'convention fastapi', document: convention('fastapi'), errors: [] },
  { name: 'convention google-aip193', document: convention('google-aip193'), errors: [] },
  { name: 'convention graphql-style', document: convention('graphql-style'), errors: [] },
  { name: 'convention jsonapi', document: convention('jsonapi'), errors: [] },
  { name: 'convention microsoft', document: convention('microsoft'), errors: [] },
  { name: 'convention oauth2', document: convention('oauth2'), errors: [] },
  { name: 'convention rfc9457', document: convention('rfc9457'), errors: [] },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  { name: 'convention spring-boot', document: convention('spring-boot'), errors: [] },
  { name: 'convention stripe', document: convention('stripe'), errors: [] },
  { name: 'convention zod-issues', document: convention('zod-issues'), errors: [] },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [],
  },
]);

testRule('ax-envelope-state', [
  { name: 'convention aspnetcore', document: convention('aspnetcore'), errors: [] },
  { name: 'convention berlin-group', document: convention('berlin-group'), errors: [] },
  { name: 'convention dotnet-fault', document: convention('dotnet-fault'), errors: [] },
  { name: 'convention fastapi', document: convention('fastapi'), errors: [] },
  { name: 'convention google-aip193', document: convention('google-aip193'), errors: [] },
  { name: 'convention graphql-style', document: convention('graphql-style'), errors: [] },
  { name: 'convention jsonapi', document: convention('jsonapi'), errors: [] },
  { name: 'convention microsoft', document: convention('microsoft'), errors: [] },
  { name: 'convention oauth2', document: convention('oauth2'), errors: [] },
  { name: 'convention rfc9457', document: convention('rfc9457'), errors: [] },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  { name: 'convention spring-boot', document: convention('spring-boot'), errors: [] },
  { name: 'convention stripe', document: convention('stripe'), errors: [] },
  { name: 'convention zod-issues', document: convention('zod-issues'), errors: [] },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [],
  },
]);

describe('messages stay short on every convention', () => {
  test.each(CONVENTIONS)('%s: every message of the lane is at most 240 characters', async name => {
    const messages = (await Promise.all(LANE.map(rule => runRule(rule, convention(name))))).flat().map(result => result.message);
    expect(messages.filter(message => message.length > 240)).toEqual([]);
  });
});

describe('the fixes given on a PascalCase `fault` wrapper clear their findings when applied', () => {
  test('adding `RecoveryHint`, `Retryable` and `TraceId` to the `fault` object, as the messages say', async () => {
    const applied = convention('dotnet-fault').replace(
      '      StackTrace: { type: string }\n',
      '      StackTrace: { type: string }\n      RecoveryHint: { type: string }\n      Retryable: { type: boolean }\n      TraceId: { type: string }\n',
    );
    expect(applied).not.toEqual(convention('dotnet-fault'));
    const rules = ['ax-recoverable-suggestion', 'ax-recoverable-retryable-flag', 'ax-recoverable-trace-id'] as const;
    expect((await Promise.all(rules.map(rule => runRule(rule, applied)))).flat()).toEqual([]);
  });
});
