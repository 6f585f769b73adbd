/**
 * Every convention of docs/conventions.md × every rule that reads error bodies: what each rule says on
 * the framework's real shape (test/fixtures/conventions/), exactly. Silence means the shape provides
 * what the rule asks; a finding names the fix in the API's own vocabulary. A defect in a shared schema is one
 * finding, on the schema, naming the responses that use it; an exempt operation is not one of them.
 */
import { convention, CONVENTIONS, LANE, type Convention } from './support/conventions';
import { runRule, testRule } from './support/testRule';
import { component, shared } from './support/components';

testRule('ax-recoverable-error-structure', [
  {
    name: 'convention aspnetcore',
    document: convention('aspnetcore'),
    errors: [
      shared(
        component('schemas', 'ProblemDetails'),
        2,
        'does not require `type` or `detail`. Require `type` and `detail` in the schema; your error handler must then send them.',
      ),
      shared(
        component('schemas', 'ValidationProblemDetails'),
        'POST /api/Orders 400',
        'does not require `type` or `detail`. Require `type` and `detail` in the schema; your error handler must then send them.',
      ),
    ],
  },
  {
    name: 'convention berlin-group',
    document: convention('berlin-group'),
    errors: [
      shared(
        component('schemas', 'Error400_NG_PIS'),
        2,
        'does not require `text` in its `tppMessages[]` items. Require `text` in the `tppMessages[]` items; your error handler must then send it.',
      ),
    ],
  },
  { name: 'convention dotnet-fault', document: convention('dotnet-fault'), errors: [] },
  { name: 'convention fastapi', document: convention('fastapi'), errors: [] },
  {
    name: 'convention google-aip193',
    document: convention('google-aip193'),
    errors: [
      shared(
        component('schemas', 'ErrorResponse'),
        2,
        'does not require `status` or `message` in its `error` object. Require `status` and `message` in the `error` object; your error handler must then send them.',
      ),
    ],
  },
  { name: 'convention graphql-style', document: convention('graphql-style'), errors: [] },
  {
    name: 'convention jsonapi',
    document: convention('jsonapi'),
    errors: [
      shared(
        component('schemas', 'Failure'),
        3,
        'does not require `code` or `detail` in its `errors[]` items. Require `code` and `detail` in the `errors[]` items; your error handler must then send them.',
      ),
    ],
  },
  { name: 'convention microsoft', document: convention('microsoft'), errors: [] },
  {
    name: 'convention oauth2',
    document: convention('oauth2'),
    errors: [
      shared(
        component('schemas', 'TokenError'),
        2,
        'does not require `error_description`. Require `error_description` in the schema; your error handler must then send it.',
      ),
    ],
  },
  { name: 'convention rfc9457', document: convention('rfc9457'), errors: [] },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      shared(
        component('schemas', 'ErrorAttributes'),
        3,
        'has no code and does not require `message` (`error` is the HTTP status). Add a required `code` (e.g. "VALIDATION_ERROR"). Require `message` in the schema; your error handler must then send them.',
      ),
    ],
  },
  {
    name: 'convention stripe',
    document: convention('stripe'),
    errors: [
      shared(
        component('schemas', 'error'),
        2,
        'does not require `message` in its `error` object. Require `message` in the `error` object; your error handler must then send it.',
      ),
    ],
  },
  { name: 'convention zod-issues', document: convention('zod-issues'), errors: [] },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      {
        path: ['paths', '/transfers', 'post', 'responses', '503', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 503: the error schema does not require `detailedErrorCode` or `errorSummary`. Require `detailedErrorCode` and `errorSummary` in the schema; your error handler must then send them.',
      },
      shared(
        component('schemas', 'ApiError'),
        [2, 3],
        'does not require `detailedErrorCode` or `errorSummary`. Require `detailedErrorCode` and `errorSummary` in the schema; your error handler must then send them.',
      ),
      shared(
        component('schemas', 'FaultEnvelope'),
        'POST /transfers 400',
        'does not require `errorCode` or `message` in its `fault.errors[]` items. Require `errorCode` and `message` in the `fault.errors[]` items; your error handler must then send them.',
      ),
      shared(
        component('schemas', 'GatewayFailure'),
        'POST /transfers 502',
        'may keep its code in `internalCode`. If `internalCode` is the code, describe it so; else add a required `detailedErrorCode` (e.g. "BAD_GATEWAY").',
      ),
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
      shared(
        component('schemas', 'TokenError'),
        ['POST /oauth/token 400', 2],
        'names no failed input field. Add `details`: an array of { field, message }, one per invalid field.',
      ),
    ],
  },
  { name: 'convention prism', document: convention('prism'), errors: [] },
  {
    name: 'convention rfc9457',
    document: convention('rfc9457'),
    errors: [
      shared(
        component('schemas', 'Problem'),
        ['POST /orders 422', 3],
        'names no failed input field. Add `details`: an array of { field, message }, one per invalid field.',
      ),
    ],
  },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      shared(
        component('schemas', 'ErrorAttributes'),
        ['POST /orders 400', 3],
        'names no failed input field. Add `details`: an array of { field, message }, one per invalid field.',
      ),
    ],
  },
  { name: 'convention stripe', document: convention('stripe'), errors: [] },
  { name: 'convention zod-issues', document: convention('zod-issues'), errors: [] },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      shared(
        component('schemas', 'FaultEnvelope'),
        'POST /transfers 400',
        "declares `fault.errors` but its items have no field locator. Add `field` (the input's JSON Pointer) to the items of `fault.errors`.",
      ),
    ],
  },
]);

testRule('ax-recoverable-suggestion', [
  {
    name: 'convention aspnetcore',
    document: convention('aspnetcore'),
    errors: [
      shared(
        component('schemas', 'ProblemDetails'),
        ['GET /api/Orders/{id} 404', 2],
        'has no recovery hint. Add `recoveryHint`, e.g. "List the collection to find a valid id, then retry".',
      ),
      shared(
        component('schemas', 'ValidationProblemDetails'),
        'POST /api/Orders 400',
        'has no recovery hint. Add `recoveryHint`, e.g. "Send `sku` as a valid string".',
      ),
    ],
  },
  {
    name: 'convention berlin-group',
    document: convention('berlin-group'),
    errors: [
      shared(
        component('schemas', 'Error400_NG_PIS'),
        2,
        'has no recovery hint. Add `recoveryHint` to the `tppMessages[]` items, e.g. "Shorten `creditorName` to at most 70 characters".',
      ),
    ],
  },
  {
    name: 'convention dotnet-fault',
    document: convention('dotnet-fault'),
    errors: [
      shared(
        ['definitions', 'FaultResponse'],
        [2, 3],
        'has no recovery hint. Add `RecoveryHint` to the `fault` object, e.g. "Set `Quantity` to an integer of at least 1".',
      ),
    ],
  },
  {
    name: 'convention fastapi',
    document: convention('fastapi'),
    errors: [
      shared(
        component('schemas', 'HTTPValidationError'),
        2,
        'has no recovery hint. Add `recoveryHint` to the `detail[]` items, e.g. "Set `quantity` to an integer of at least 1".',
      ),
    ],
  },
  {
    name: 'convention google-aip193',
    document: convention('google-aip193'),
    errors: [
      shared(component('schemas', 'ErrorResponse'), 2, 'has no recovery hint. Add `recoveryHint` to the `error` object, e.g. "Send `sku` as a valid string".'),
    ],
  },
  {
    name: 'convention graphql-style',
    document: convention('graphql-style'),
    errors: [
      shared(
        component('schemas', 'Errors'),
        [2, 3],
        'has no recovery hint. Add `recoveryHint` to the `errors[]` items, e.g. "Set `quantity` to an integer of at least 1".',
      ),
    ],
  },
  {
    name: 'convention jsonapi',
    document: convention('jsonapi'),
    errors: [
      shared(
        component('schemas', 'Failure'),
        [2, 3],
        'has no recovery hint. Add `recoveryHint` to the `errors[]` items, e.g. "Send `data` as a valid object".',
      ),
    ],
  },
  {
    name: 'convention microsoft',
    document: convention('microsoft'),
    errors: [
      shared(
        component('schemas', 'ErrorResponse'),
        [2, 3],
        'has no recovery hint. Add `recoveryHint` to the `error` object, e.g. "Set `quantity` to an integer of at least 1".',
      ),
    ],
  },
  {
    name: 'convention oauth2',
    document: convention('oauth2'),
    errors: [
      shared(component('schemas', 'TokenError'), 2, 'has no recovery hint. Add `recovery_hint`, e.g. "Set `grant_type` to one of authorization_code, …".'),
    ],
  },
  {
    name: 'convention rfc9457',
    document: convention('rfc9457'),
    errors: [shared(component('schemas', 'Problem'), [2, 3], 'has no recovery hint. Add `recoveryHint`, e.g. "Set `quantity` to an integer of at least 1".')],
  },
  {
    name: 'convention rpc-failure',
    document: convention('rpc-failure'),
    errors: [
      shared(
        component('schemas', 'ValidationFailure'),
        'POST /orders.create 400',
        'has no recovery hint. Add `recovery_hint` to the `failure` object, e.g. "Set `quantity` to an integer of at least 1".',
      ),
    ],
  },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      shared(component('schemas', 'ErrorAttributes'), [2, 3], 'has no recovery hint. Add `recoveryHint`, e.g. "Set `quantity` to an integer of at least 1".'),
    ],
  },
  {
    name: 'convention stripe',
    document: convention('stripe'),
    errors: [
      shared(
        component('schemas', 'error'),
        2,
        'has no recovery hint. Add `recovery_hint` to the `error` object, e.g. "Shorten `charge` to at most 5000 characters".',
      ),
    ],
  },
  {
    // `ValidationFailure`, an `allOf` of `Failure` and `issues`, is `Failure` plus members: the hint goes into `Failure`, so the finding is there.
    name: 'convention zod-issues',
    document: convention('zod-issues'),
    errors: [
      shared(
        component('schemas', 'Failure'),
        ['POST /orders 400', 2],
        'has no recovery hint. Add `recoveryHint`, e.g. "Set `quantity` to an integer of at least 1".',
      ),
    ],
  },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      shared(
        component('schemas', 'ApiError'),
        ['GET /accounts/{id} 404', 3],
        'has no recovery hint. Add `recoveryHint`, e.g. "List the collection to find a valid id, then retry".',
      ),
      shared(
        component('schemas', 'FaultEnvelope'),
        'POST /transfers 400',
        'has no recovery hint. Add `recoveryHint` to the `fault.errors[]` items, e.g. "Set `amount` to an integer of at least 1".',
      ),
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
      shared(
        ['definitions', 'FaultResponse'],
        ['POST /Orders 500', 3],
        'has no correlation id. Add `TraceId` (string) to the `fault` object or an `X-Request-ID` header, for the agent to quote.',
      ),
    ],
  },
  { name: 'convention fastapi', document: convention('fastapi'), errors: [] },
  {
    name: 'convention google-aip193',
    document: convention('google-aip193'),
    errors: [
      shared(
        component('schemas', 'ErrorResponse'),
        2,
        'has no correlation id. Add `trace_id` (string) to the `error` object or an `X-Request-ID` header, for the agent to quote.',
      ),
    ],
  },
  {
    name: 'convention graphql-style',
    document: convention('graphql-style'),
    errors: [
      shared(
        component('schemas', 'Errors'),
        ['POST /orders 500', 3],
        'has no correlation id. Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.',
      ),
    ],
  },
  {
    name: 'convention jsonapi',
    document: convention('jsonapi'),
    errors: [
      shared(
        component('schemas', 'Failure'),
        ['POST /orders 500', 3],
        'may keep its correlation id in `id` in its `errors[]` items. If `id` is the correlation id, describe it so; else add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.',
      ),
    ],
  },
  {
    name: 'convention microsoft',
    document: convention('microsoft'),
    errors: [
      shared(
        component('schemas', 'ErrorResponse'),
        ['POST /orders 500', 3],
        'has no correlation id. Add `trace_id` (string) to the `error` object or an `X-Request-ID` header, for the agent to quote.',
      ),
    ],
  },
  { name: 'convention oauth2', document: convention('oauth2'), errors: [] },
  { name: 'convention rfc9457', document: convention('rfc9457'), errors: [] },
  { name: 'convention rpc-failure', document: convention('rpc-failure'), errors: [] },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [
      shared(
        component('schemas', 'ErrorAttributes'),
        ['POST /orders 500', 3],
        'has no correlation id. Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.',
      ),
    ],
  },
  { name: 'convention stripe', document: convention('stripe'), errors: [] },
  {
    name: 'convention zod-issues',
    document: convention('zod-issues'),
    errors: [
      shared(
        component('schemas', 'Failure'),
        ['POST /orders 500', 2],
        'has no correlation id. Add `trace_id` (string) or an `X-Request-ID` header, for the agent to quote.',
      ),
    ],
  },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      shared(
        component('schemas', 'GatewayFailure'),
        'POST /transfers 502',
        'may keep its correlation id in `eventId`. If `eventId` is the correlation id, describe it so; else add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.',
      ),
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
      shared(
        ['definitions', 'Fault', 'properties', 'StackTrace'],
        3,
        'the error schema declares `StackTrace` in its `fault` object, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      ),
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
      shared(
        component('schemas', 'ErrorAttributes', 'properties', 'trace'),
        3,
        'the error schema declares `trace`, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
      ),
    ],
  },
  { name: 'convention stripe', document: convention('stripe'), errors: [] },
  { name: 'convention zod-issues', document: convention('zod-issues'), errors: [] },
  { name: 'convention evidence-names', document: convention('evidence-names'), errors: [] },
]);

testRule('ax-recoverable-retryable-flag', [
  {
    name: 'convention aspnetcore',
    document: convention('aspnetcore'),
    errors: [
      shared(component('schemas', 'ProblemDetails'), 2, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.'),
      shared(
        component('schemas', 'ValidationProblemDetails'),
        'POST /api/Orders 400',
        'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.',
      ),
    ],
  },
  {
    name: 'convention berlin-group',
    document: convention('berlin-group'),
    errors: [shared(component('schemas', 'Error400_NG_PIS'), 2, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.')],
  },
  {
    name: 'convention dotnet-fault',
    document: convention('dotnet-fault'),
    errors: [
      shared(
        ['definitions', 'FaultResponse'],
        3,
        'has no retry flag. Add `Retryable` (boolean) to the `fault` object, true when the same call may succeed later.',
      ),
    ],
  },
  {
    name: 'convention fastapi',
    document: convention('fastapi'),
    errors: [
      shared(component('schemas', 'HTTPValidationError'), 2, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.'),
    ],
  },
  {
    name: 'convention google-aip193',
    document: convention('google-aip193'),
    errors: [
      shared(
        component('schemas', 'ErrorResponse'),
        2,
        'has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      ),
    ],
  },
  {
    name: 'convention graphql-style',
    document: convention('graphql-style'),
    errors: [shared(component('schemas', 'Errors'), 3, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.')],
  },
  {
    name: 'convention jsonapi',
    document: convention('jsonapi'),
    errors: [shared(component('schemas', 'Failure'), 3, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.')],
  },
  {
    name: 'convention microsoft',
    document: convention('microsoft'),
    errors: [
      shared(
        component('schemas', 'ErrorResponse'),
        3,
        'has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      ),
    ],
  },
  {
    name: 'convention oauth2',
    document: convention('oauth2'),
    errors: [shared(component('schemas', 'TokenError'), 2, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.')],
  },
  {
    name: 'convention rfc9457',
    document: convention('rfc9457'),
    errors: [shared(component('schemas', 'Problem'), 3, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.')],
  },
  {
    name: 'convention rpc-failure',
    document: convention('rpc-failure'),
    errors: [
      shared(
        component('schemas', 'Failure'),
        'POST /orders.create 500',
        'has no retry flag. Add `retryable` (boolean) to the `failure` object, true when the same call may succeed later.',
      ),
      shared(
        component('schemas', 'ValidationFailure'),
        'POST /orders.create 400',
        'has no retry flag. Add `retryable` (boolean) to the `failure` object, true when the same call may succeed later.',
      ),
    ],
  },
  {
    name: 'convention spring-boot',
    document: convention('spring-boot'),
    errors: [shared(component('schemas', 'ErrorAttributes'), 3, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.')],
  },
  {
    name: 'convention stripe',
    document: convention('stripe'),
    errors: [
      shared(
        component('schemas', 'error'),
        2,
        'has no retry flag. Add `retryable` (boolean) to the `error` object, true when the same call may succeed later.',
      ),
    ],
  },
  {
    // One defect of `Failure`, which the 400 answers through `ValidationFailure` (an `allOf` of it and `issues`): one finding.
    name: 'convention zod-issues',
    document: convention('zod-issues'),
    errors: [shared(component('schemas', 'Failure'), 2, 'has no retry flag. Add `retryable` (boolean), true when the same call may succeed later.')],
  },
  {
    name: 'convention evidence-names',
    document: convention('evidence-names'),
    errors: [
      {
        path: ['paths', '/transfers', 'post', 'responses', '503', 'content', 'application/json', 'schema'],
        message:
          'POST /transfers 503: the error schema declares the retry flag `canBeRetried` as string. Make it a boolean: an agent branches on true or false.',
      },
      shared(
        component('schemas', 'ApiError'),
        [2, 3],
        'declares the retry flag `canBeRetried` as string. Make it a boolean: an agent branches on true or false.',
      ),
      shared(
        component('schemas', 'FaultEnvelope'),
        'POST /transfers 400',
        'has no retry flag. Add `retryable` (boolean) to the `fault` object, true when the same call may succeed later.',
      ),
      shared(
        component('schemas', 'GatewayFailure'),
        'POST /transfers 502',
        'may keep its retry flag in `transient`. If `transient` is the retry flag, describe it so; else add `retryable` (boolean), true when the same call may succeed later.',
      ),
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
  { name: 'convention evidence-names', document: convention('evidence-names'), errors: [] },
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
  { name: 'convention evidence-names', document: convention('evidence-names'), errors: [] },
]);
/** A convention's text with `x-ax-exempt` for `rule` on each of `operations` ([path, method]). */
function exempting(name: Convention, rule: string, ...operations: [string, string][]): string {
  return operations.reduce(
    (text, [path, method]) =>
      text.replace(`  ${path}:\n    ${method}:\n`, `  ${path}:\n    ${method}:\n      x-ax-exempt: { ${rule}: Proxied from a partner }\n`),
    convention(name),
  );
}

const FAILURE_ITEMS =
  'does not require `code` or `detail` in its `errors[]` items. Require `code` and `detail` in the `errors[]` items; your error handler must then send them.';
const FAULT_RETRY = 'has no retry flag. Add `Retryable` (boolean) to the `fault` object, true when the same call may succeed later.';

describe('an exempt operation is no user of a shared component', () => {
  test.each([
    ['jsonapi: GET /orders/{id} exempt, its 404 leaves the count', exempting('jsonapi', 'ax-recoverable-error-structure', ['/orders/{id}', 'get']), 2],
    [
      'jsonapi: POST /orders exempt, the one use left is named',
      exempting('jsonapi', 'ax-recoverable-error-structure', ['/orders', 'post']),
      'GET /orders/{id} 404',
    ],
  ])('%s', async (_, document, users) => {
    const results = await runRule('ax-recoverable-error-structure', document);
    expect(results.map(({ path, message }) => ({ path, message }))).toEqual([shared(component('schemas', 'Failure'), users, FAILURE_ITEMS)]);
  });

  test('jsonapi: every user exempt, the finding is gone', async () => {
    const document = exempting('jsonapi', 'ax-recoverable-error-structure', ['/orders', 'post'], ['/orders/{id}', 'get']);
    expect(await runRule('ax-recoverable-error-structure', document)).toEqual([]);
  });

  test('dotnet-fault (Swagger 2.0): GET /Orders/{id} exempt, `definitions/FaultResponse` counts the two POST responses', async () => {
    const results = await runRule('ax-recoverable-retryable-flag', exempting('dotnet-fault', 'ax-recoverable-retryable-flag', ['/Orders/{id}', 'get']));
    expect(results.map(({ path, message }) => ({ path, message }))).toEqual([shared(['definitions', 'FaultResponse'], 2, FAULT_RETRY)]);
  });
});

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
