/**
 * The columns of the scorecard: one principle each, the rule that checks it, when it applies, and
 * where its fix goes (the operation itself, its response, or the response's schema).
 */
import type { RuleId } from '../lib/catalogue';
import * as applicability from './applicability';

export type FixSite = 'operation' | 'response' | 'schema';

export interface Principle {
  /** Stable key of the column in the JSON report. */
  id: string;
  /** Column header. */
  label: string;
  rule: RuleId;
  /** When the principle applies, for the docs and the cell tooltips of "not applicable". */
  scope: string;
  applies: applicability.Applies;
  fixSite: FixSite;
  /** The edit that turns a failing cell green, as an imperative phrase. */
  fix: string;
}

export const PRINCIPLES: readonly Principle[] = [
  {
    id: 'error-schema',
    label: 'error schema',
    rule: 'ax-recoverable-error-schema',
    scope: 'operations with an error response (4xx, 5xx, default)',
    applies: applicability.hasErrorResponse,
    fixSite: 'response',
    fix: 'declare a JSON body with an object schema',
  },
  {
    id: 'error-structure',
    label: 'error structure',
    rule: 'ax-recoverable-error-structure',
    scope: 'operations with an error response that has a JSON schema',
    applies: applicability.hasAnyErrorSchema,
    fixSite: 'schema',
    fix: 'require a machine-readable `code` and a `message`',
  },
  {
    id: 'recovery-hint',
    label: 'recovery hint',
    rule: 'ax-recoverable-suggestion',
    scope: 'operations with a 4xx (or default) error response that has a JSON schema',
    applies: applicability.hasClientErrorSchema,
    fixSite: 'schema',
    fix: 'add a recovery hint (`recoveryHint`)',
  },
  {
    id: 'retry-semantics',
    label: 'retry semantics',
    rule: 'ax-recoverable-retryable',
    scope: 'mutations (POST, PUT, PATCH, DELETE) and operations that declare `x-ax-retryable`',
    applies: applicability.isRetryableInScope,
    fixSite: 'operation',
    fix: 'declare `x-ax-retryable: true|false`',
  },
  {
    id: 'idempotency',
    label: 'idempotency',
    rule: 'ax-recoverable-idempotent',
    scope: 'PUT and DELETE, a POST that takes an `Idempotency-Key` header, and operations that declare `x-ax-idempotent`',
    applies: applicability.isIdempotentInScope,
    fixSite: 'operation',
    fix: 'declare `x-ax-idempotent: true|false`',
  },
  {
    id: 'field-details',
    label: 'field details',
    rule: 'ax-recoverable-field-details',
    scope: 'operations with a 400 or 422 response that has a JSON schema',
    applies: applicability.hasValidationErrorSchema,
    fixSite: 'schema',
    fix: 'add field details (`details[]` items with `field` and `reason`)',
  },
  {
    id: 'retry-after',
    label: 'retry-after',
    rule: 'ax-recoverable-retry-after',
    scope: 'operations with a 429 or 503 response',
    applies: applicability.hasWaitResponse,
    fixSite: 'response',
    fix: 'declare a `Retry-After` header',
  },
  {
    id: 'no-stack-traces',
    label: 'no stack traces',
    rule: 'ax-recoverable-no-stack-traces',
    scope: 'operations with an error response that has a body',
    applies: applicability.hasErrorBody,
    fixSite: 'schema',
    fix: 'remove the stack-trace property or example',
  },
  {
    id: 'trace-id',
    label: 'trace id',
    rule: 'ax-recoverable-trace-id',
    scope: 'operations with a 5xx (or default) error response that has a JSON schema',
    applies: applicability.hasServerErrorSchema,
    fixSite: 'schema',
    fix: 'add a correlation id (`trace_id`)',
  },
  {
    id: 'next-steps',
    label: 'nextSteps',
    rule: 'ax-envelope-next-steps',
    scope: 'mutations with a 2xx response that has a JSON schema (204 and 205 excluded)',
    applies: applicability.hasMutationSuccessBody,
    fixSite: 'schema',
    fix: 'add `nextSteps` to the success schema',
  },
  {
    id: 'href-resolution',
    label: 'href resolution',
    rule: 'ax-envelope-next-steps-href',
    scope: 'operations with a response example that contains `nextSteps`',
    applies: applicability.hasNextStepsExample,
    fixSite: 'response',
    fix: 'point every `nextSteps` href of the examples at a declared path and method',
  },
  {
    id: 'refresh-url',
    label: 'refresh url',
    rule: 'ax-envelope-refresh-url',
    scope: 'operations with a 422 response that has a JSON schema',
    applies: applicability.hasUnprocessableSchema,
    fixSite: 'schema',
    fix: 'add a `refreshUrl`',
  },
  {
    id: 'state-rejection',
    label: 'state rejection',
    rule: 'ax-envelope-state',
    scope: 'operations with a 409 or 422 that reports a state rejection (a state field, or "state"/"transition" in its description)',
    applies: applicability.hasStateRejection,
    fixSite: 'schema',
    fix: 'declare `currentState`, `allowedActions` and `refreshUrl`',
  },
];
