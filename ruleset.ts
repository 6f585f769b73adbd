/**
 * spectral-agent-ux: can an LLM agent use this API correctly on the first try, and recover by itself
 * when a call fails? The table of contents: one entry per rule; each check lives in functions/.
 */
import { oas2, oas3 } from '@stoplight/spectral-formats';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { DOCS_URL, RELEASE_URL } from './lib/catalogue';
import envelopeNextSteps from './functions/envelopeNextSteps';
import envelopeNextStepsShape from './functions/envelopeNextStepsShape';
import envelopeNextStepsHref from './functions/envelopeNextStepsHref';
import envelopeRefreshUrl from './functions/envelopeRefreshUrl';
import envelopeState from './functions/envelopeState';
import envelopeEmptyActions from './functions/envelopeEmptyActions';
import exemptionReason from './functions/exemptionReason';
import recoverableErrorSchema from './functions/recoverableErrorSchema';
import recoverableErrorStructure from './functions/recoverableErrorStructure';
import recoverableSuggestion from './functions/recoverableSuggestion';
import recoverableFieldDetails from './functions/recoverableFieldDetails';
import recoverableRetryAfter from './functions/recoverableRetryAfter';
import recoverableRetryableFlag from './functions/recoverableRetryableFlag';
import recoverableTraceId from './functions/recoverableTraceId';
import recoverableErrorResponses from './functions/recoverableErrorResponses';
import recoverableRetryable from './functions/recoverableRetryable';
import recoverableIdempotent from './functions/recoverableIdempotent';
import recoverableNoHtmlErrors from './functions/recoverableNoHtmlErrors';
import recoverableNoStackTraces from './functions/recoverableNoStackTraces';
import recoverableCodeFormat from './functions/recoverableCodeFormat';
import recoverableSeverity from './functions/recoverableSeverity';
import recoverableVagueMessage from './functions/recoverableVagueMessage';
import recoverableErrorCatalog from './functions/recoverableErrorCatalog';
import extensionsValid from './functions/extensionsValid';
import recoverableNextOperation from './functions/recoverableNextOperation';
import recoverableFieldRefs from './functions/recoverableFieldRefs';
import recoverableHintFields from './functions/recoverableHintFields';

/**
 * One rule: its id, what it checks and its default severity; `recommended: false` makes it opt-in.
 * Every rule reads the document as written (`resolved: false`): the shared module follows `$ref`s
 * itself, which costs nothing next to a walk of the resolved graph, and places each result inside
 * the operation it concerns. Generic in the id and the function, so each rule keeps its own option types.
 */
function rule<Id extends string, Fn extends (...args: never[]) => unknown>(
  id: Id,
  description: string,
  severity: 'error' | 'warn' | 'info',
  fn: Fn,
  recommended = true,
) {
  const definition = {
    description,
    message: '{{error}}',
    documentationUrl: `${DOCS_URL}rules/${id}.md`,
    severity,
    recommended,
    formats: [oas2, oas3],
    given: '$',
    resolved: false,
    then: { function: fn },
  };
  return { [id]: definition } as Record<Id, typeof definition>;
}

const ruleset = {
  documentationUrl: `${RELEASE_URL}README.md`,
  rules: {
    // The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy")
    ...rule('ax-envelope-next-steps', 'Every 2xx response of a mutation declares `nextSteps`, the next legal calls.', 'error', envelopeNextSteps),
    ...rule(
      'ax-envelope-next-steps-shape',
      'Wherever `nextSteps` is declared, it is an array of steps requiring action, method (an HTTP method), href and description.',
      'error',
      envelopeNextStepsShape,
    ),
    ...rule(
      'ax-envelope-next-steps-href',
      'Every `nextSteps` href of a response example reaches a declared path and method, with no template left to fill in.',
      'error',
      envelopeNextStepsHref,
    ),
    ...rule(
      'ax-envelope-refresh-url',
      "Every 422 that refuses a valid request because of the resource's state declares a refresh url, where to re-read that state.",
      'warn',
      envelopeRefreshUrl,
    ),
    ...rule('ax-envelope-state', 'Every 409/422 state rejection declares the current state, the allowed actions and a refresh url.', 'error', envelopeState),
    ...rule(
      'ax-envelope-empty-actions',
      'A response example with an empty `nextActions` carries a non-empty `nextSteps`.',
      'warn',
      envelopeEmptyActions,
      false,
    ),
    ...rule(
      'ax-exemption-reason',
      'Every `x-ax-exempt` entry names a rule of this package and gives a reason of at least three words.',
      'error',
      exemptionReason,
    ),
    // Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' error-handling specification and "Designing Errors for Agent Recovery")
    ...rule('ax-recoverable-error-schema', 'Every error response declares a JSON body with an object schema.', 'error', recoverableErrorSchema),
    ...rule(
      'ax-recoverable-error-structure',
      'Every error schema has a required machine-readable code and a required message.',
      'error',
      recoverableErrorStructure,
    ),
    ...rule('ax-recoverable-suggestion', 'Every 4xx error schema declares a recovery hint that says how to fix the request.', 'warn', recoverableSuggestion),
    ...rule('ax-recoverable-field-details', 'Every 400 and 422 error schema says which input field failed, and why.', 'warn', recoverableFieldDetails),
    ...rule(
      'ax-recoverable-retry-after',
      'Every 429 and 503 says how long to wait: a Retry-After header or a retry-delay property.',
      'warn',
      recoverableRetryAfter,
    ),
    ...rule('ax-recoverable-retryable-flag', 'Every error schema declares a boolean retry flag.', 'warn', recoverableRetryableFlag),
    ...rule('ax-recoverable-trace-id', 'Every 5xx and default error schema declares a correlation id.', 'warn', recoverableTraceId),
    ...rule('ax-recoverable-error-responses', 'Every mutation declares at least one 4xx error response.', 'warn', recoverableErrorResponses),
    ...rule('ax-recoverable-retryable', 'Every mutation declares `x-ax-retryable`, a boolean: is repeating a failed call safe?', 'warn', recoverableRetryable),
    ...rule(
      'ax-recoverable-idempotent',
      'Every put and delete (and a post taking an Idempotency-Key) declares `x-ax-idempotent`, a boolean.',
      'warn',
      recoverableIdempotent,
    ),
    ...rule('ax-recoverable-no-html-errors', 'No error response offers an HTML page.', 'error', recoverableNoHtmlErrors),
    ...rule(
      'ax-recoverable-no-stack-traces',
      'No error schema declares a stack-trace field and no error example contains a stack trace.',
      'error',
      recoverableNoStackTraces,
    ),
    ...rule(
      'ax-recoverable-code-format',
      'Error codes follow one convention across the document; problem `type` URIs are stable names, not prose.',
      'info',
      recoverableCodeFormat,
      false,
    ),
    ...rule(
      'ax-recoverable-severity',
      'Error `severity` and `category` values stay within the severity ladder and the error categories.',
      'warn',
      recoverableSeverity,
      false,
    ),
    ...rule(
      'ax-recoverable-vague-message',
      'Error examples and error descriptions avoid text an agent cannot act on ("Something went wrong").',
      'warn',
      recoverableVagueMessage,
      false,
    ),
    ...rule(
      'ax-recoverable-error-catalog',
      "An operation's `x-agent-error-codes` lists every code its error examples use; deprecated codes name replacement and removal date.",
      'warn',
      recoverableErrorCatalog,
      false,
    ),
    ...rule(
      'ax-recoverable-next-operation',
      "Every `next_operation` an error names is a declared operationId, and its `next_operation_args` are that operation's inputs.",
      'warn',
      recoverableNextOperation,
    ),
    ...rule(
      'ax-recoverable-field-refs',
      "Every field an error example points at is an input of its operation, and its allowed and suggested values agree with that input's schema.",
      'warn',
      recoverableFieldRefs,
    ),
    ...rule(
      'ax-recoverable-hint-fields',
      'A recovery hint that names request fields names fields the operation accepts now, not an obsolete request shape.',
      'warn',
      recoverableHintFields,
    ),
    ...rule('ax-extensions-valid', 'Every `x-ax-*` extension is a known one and has the type its AX definition gives.', 'error', extensionsValid),
  },
} satisfies RulesetDefinition;

export default ruleset;
