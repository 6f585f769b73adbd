/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { child, errorBodies, headerNamed, isErrorStatus, isJsonMediaType, type OpenApiDocument, type Operation, type Response } from '../lib/document/document';
import { headerEdit } from '../lib/findings/edits';
import { errorSchemasOf, type ErrorSchema } from '../lib/errors/error-bodies';
import { schemaAnswer, schemaLikely } from '../lib/errors/schema-shapes';
import { retryableWithoutDelay } from '../lib/errors/error-values';
import { askAbout, newMemberName } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { oneEdit, type Finding, responseFinding } from '../lib/findings/rule-function';
import { sayOf, withLive, type Said, type Say as SayOf } from '../lib/findings/messages';
import { firstName, sentHeader, type Live } from '../lib/envelope/live';
import { statusIn } from '../lib/semantics/scope';
import type { Scope } from './applicability';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'retryAfterHeader' | 'retryDelay' | 'retryFlag' | 'errorList'>;

const MESSAGES = {
  noRetryAfter: 'no `{{header}}` header, so an agent cannot tell how long to wait. Add a `{{header}}` header (integer seconds) under its `headers`.',
  noRetryDelay: 'no `{{header}}` header, and {{schemas}} no retry delay. Add a `{{header}}` header (integer seconds) or a `{{name}}` (integer) property.',
  delayInQuestion: 'no `{{header}}` header, and the error schema {{ask}}. {{askFix}} add a `{{header}}` header.',
  retryDelayConcept: 'retry delay',
  schemaHas: '{{schema}} has',
  schemaShapesHave: '{{schema}}, in {{count}} of its {{total}} oneOf/anyOf shapes, has',
  schemasHave: '{{count}} of its JSON error schemas have',
  retryableWithoutDelay:
    'the error example says `{{flag}}: true` but gives no retry delay. Add a `{{delay}}` to the example, or a `{{header}}` header to the response.',
} as const;

/** What the live check says, on a response the server sent: a table apart, so that the guard's bundle carries none of the lint's words. */
const LIVE_MESSAGES = {
  liveNoDelay: 'the response has no `{{header}}` header and the body no `{{delay}}`, so an agent cannot tell how long to wait. Send `{{header}}` (seconds).',
  liveRetryableWithoutDelay:
    'the error body says `{{flag}}: true` but gives no retry delay, so an agent cannot tell how long to wait. Send a `{{header}}` header (seconds) or a `{{delay}}` in the body.',
} as const;
type Say = SayOf<typeof MESSAGES>;

/** "the error schema has", "the error schema, in 1 of its 2 oneOf/anyOf shapes, has", "2 of its JSON error schemas have". */
function withoutDelay(say: Say, lacking: { target: ErrorSchema; count: number }[]): Said {
  if (lacking.length > 1) return say('schemasHave', { count: lacking.length });
  const [{ target, count }] = lacking;
  return count < target.views.length
    ? say('schemaShapesHave', { schema: target.name, count, total: target.views.length })
    : say('schemaHas', { schema: target.name });
}

/**
 * An error example that tells the agent `retryable: true` but not how long to wait, on a response without a
 * delay header: Geodocs' "Agent Error Handling Documentation Specification" calls such an error malformed.
 */
function retryableExamples(doc: OpenApiDocument, say: Say, operations: readonly Operation[], options: Options, reported: Set<Response>): Finding[] {
  const names = { delay: namesFor(options, 'retryDelay'), header: namesFor(options, 'retryAfterHeader') };
  const findings: Finding[] = [];
  for (const { operation, response, body } of errorBodies(doc, operations)) {
    if (reported.has(response) || !isJsonMediaType(body.mediaType) || headerNamed(doc.headers(response), names.header) !== undefined) continue;
    for (const example of body.examples) {
      for (const flag of retryableWithoutDelay(example, options)) {
        findings.push(
          responseFinding(
            operation,
            response,
            say('retryableWithoutDelay', { flag: flag.name, delay: names.delay[0], header: names.header[0], concept: 'retryDelay' }),
            [flag.location, example.location],
          ),
        );
      }
    }
  }
  return findings;
}

/**
 * The responses the rule reads: the runtime guard reads them too (runtime/checks.ts, and the live check below).
 * Rate limited and temporarily unavailable are the two statuses whose fix is "wait, then retry unchanged".
 */
export const scope = {
  responses: statusIn('429', '503'),
  holds: 'response',
  // An error example that says retryable must say how long to wait too, whatever its status (retryableExamples).
  or: { responses: isErrorStatus, holds: { concept: 'retryFlag', in: 'example' } },
} satisfies Scope;

const ID = 'ax-recoverable-retry-after';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/**
 * Live, on every error status: a 429 or 503 says how long to wait, as a header or a delay in the body; any other
 * error body that says it is retryable does too (the rule's test of an example, lib/errors/error-values.ts).
 */
export const live = {
  rule: ID,
  at: status => status >= 400,
  check: exchange => {
    const { status, body, names } = exchange;
    const delayed = scope.responses(String(status));
    const flagged = exchange.mayHold(namesFor(names, 'retryFlag'), true);
    // Elsewhere only a retry flag asks for a delay: a body that cannot hold one costs no look at the headers.
    if ((!delayed && !flagged) || sentHeader(exchange.headers(), namesFor(names, 'retryAfterHeader'))) return [];
    const words = { header: firstName(names, 'retryAfterHeader'), delay: firstName(names, 'retryDelay') };
    if (delayed && exchange.error('retryDelay') === undefined) return [sayLive('liveNoDelay', words)];
    const [flag] = flagged ? retryableWithoutDelay({ value: body, location: [] }, names) : [];
    return flag === undefined ? [] : [sayLive('liveRetryableWithoutDelay', { ...words, flag: flag.name })];
  },
} satisfies Live;

/**
 * ax-recoverable-retry-after: every 429 and 503 says how long to wait before retrying (one finding per
 * response, whatever its media types); an example that says retryable says how long too.
 */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: 'Every 429 and 503 says how long to wait: a Retry-After header or a retry-delay property.',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'retry-after',
    scope: 'operations with a 429 or 503 response, or an error example that says it is retryable',
    fixSite: 'response',
    fix: 'declare a `Retry-After` header',
  },
  scope,
  live,
  options: /* @__PURE__ */ ruleOptions<Options>(/* @__PURE__ */ nameOptionsSchema('retryAfterHeader', 'retryDelay', 'retryFlag', 'errorList')),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say, statuses }) => {
    const headerNames = namesFor(options, 'retryAfterHeader');
    const delayNames = namesFor(options, 'retryDelay');
    const reported = new Set<Response>();
    const findings: Finding[] = [];

    for (const operation of operations) {
      for (const response of doc.responses(operation).filter(entry => statuses(entry.status))) {
        const headers = doc.headers(response);
        if (headerNamed(headers, headerNames) !== undefined) continue;
        // Not a skip: a response without `headers` is exactly the one that forgot Retry-After.
        const header = headerNames[0];
        // The header is the fix both messages name first: declared on the response, in seconds (RFC 9110 allows a date too).
        const edits = oneEdit(() => headerEdit(doc, response, headerNames[0], 'integer', 'Seconds to wait before retrying.'));
        const { schemas, unreadable } = errorSchemasOf(doc, operation, response);
        if (unreadable) continue; // the body might carry the delay; say nothing rather than guess
        if (schemas.length === 0) {
          reported.add(response);
          const text = say('noRetryAfter', { header, concept: 'retryDelay' });
          findings.push(responseFinding(operation, response, text, headers === undefined ? [] : [child(response.location, 'headers')], { edits }));
          continue;
        }
        const lacking = schemas
          .map(target => ({ target, count: target.views.filter(view => schemaAnswer(doc, view, 'retryDelay', options) === undefined).length }))
          .filter(({ count }) => count > 0);
        if (lacking.length === 0) continue;
        reported.add(response);
        // A member that may be the delay (`waitSeconds`) is asked about, and no header is added beside it.
        const likely = lacking.flatMap(({ target }) => target.views.flatMap(view => schemaLikely(doc, view, 'retryDelay', options) ?? []))[0];
        const ask = likely === undefined ? undefined : askAbout(likely, say('retryDelayConcept'));
        const message =
          ask === undefined
            ? say('noRetryDelay', {
                header,
                schemas: withoutDelay(say, lacking),
                name: newMemberName(doc, lacking[0].target.views, delayNames),
                concept: 'retryDelay',
              })
            : say('delayInQuestion', { header, ask: ask.what, askFix: ask.fix, concept: 'retryDelay' });
        findings.push(
          // On the response, where the header goes (a shared response once for all its uses).
          responseFinding(operation, response, message, [response.location], likely === undefined ? { edits } : {}),
        );
      }
    }
    return [...findings, ...retryableExamples(doc, say, operations, options, reported)];
  },
});
