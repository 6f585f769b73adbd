/**
 * The columns of the scorecard: one principle per rule of the package, when it applies, and where its
 * fix goes (the operation itself, its response, or the response's schema). Every rule has a column, so
 * that every diagnostic inside an operation is a failing cell.
 */
import type { RuleId } from '../../lib/catalogue';
import * as applicability from './applicability';

/** Where the fix goes; a schema fix names the role it is for, which a schema with other roles must not get. */
export type FixSite = 'operation' | 'response' | 'error schema' | 'success schema';

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
    applies: applicability.hasErrorSchemaFor('ax-recoverable-error-structure'),
    fixSite: 'error schema',
    fix: 'require a machine-readable `code` and a `message`',
  },
  {
    id: 'json-errors',
    label: 'JSON errors',
    rule: 'ax-recoverable-no-html-errors',
    scope: 'operations with an error response that has a body',
    applies: applicability.hasErrorBody,
    fixSite: 'response',
    fix: 'serve the error as JSON, not as an HTML page or plain text only',
  },
  {
    id: 'recovery-hint',
    label: 'recovery hint',
    rule: 'ax-recoverable-suggestion',
    scope: 'operations with a 4xx (or default) error response that has a JSON schema',
    applies: applicability.hasErrorSchemaFor('ax-recoverable-suggestion'),
    fixSite: 'error schema',
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
    id: 'retry-flag',
    label: 'retry flag',
    rule: 'ax-recoverable-retryable-flag',
    scope: 'operations with an error response that has a JSON schema',
    applies: applicability.hasErrorSchemaFor('ax-recoverable-retryable-flag'),
    fixSite: 'error schema',
    fix: 'add a boolean retry flag (`retryable`)',
  },
  {
    id: 'declared-errors',
    label: 'declared errors',
    rule: 'ax-recoverable-error-responses',
    scope: 'mutations (POST, PUT, PATCH, DELETE)',
    applies: applicability.isMutationOperation,
    fixSite: 'operation',
    fix: 'declare the 4xx responses the operation can return',
  },
  {
    id: 'field-details',
    label: 'field details',
    rule: 'ax-recoverable-field-details',
    scope: 'operations with a 400 or 422 response that has a JSON schema',
    applies: applicability.hasErrorSchemaFor('ax-recoverable-field-details'),
    fixSite: 'error schema',
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
    fixSite: 'error schema',
    fix: 'remove the stack-trace property or example',
  },
  {
    id: 'trace-id',
    label: 'trace id',
    rule: 'ax-recoverable-trace-id',
    scope: 'operations with a 5xx (or default) error response that has a JSON schema',
    applies: applicability.hasErrorSchemaFor('ax-recoverable-trace-id'),
    fixSite: 'error schema',
    fix: 'add a correlation id (`trace_id`)',
  },
  {
    id: 'next-steps',
    label: 'nextSteps',
    rule: 'ax-envelope-next-steps',
    scope: 'mutations with a 2xx response that has a JSON schema (204 and 205 excluded)',
    applies: applicability.hasMutationSuccessBody,
    fixSite: 'success schema',
    fix: 'add `nextSteps` to the success schema',
  },
  {
    id: 'next-steps-shape',
    label: 'nextSteps shape',
    rule: 'ax-envelope-next-steps-shape',
    scope: 'operations with a JSON response schema that declares `nextSteps`',
    applies: applicability.declaresNextSteps,
    fixSite: 'success schema',
    fix: 'make `nextSteps` an array of items requiring `action`, `method`, `href`, `description`',
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
    scope: 'operations with a 422 that reports a state rejection (a state field, or "state"/"transition" in its description)',
    applies: applicability.hasUnprocessableStateRejection,
    fixSite: 'error schema',
    fix: 'add a `refreshUrl`',
  },
  {
    id: 'state-rejection',
    label: 'state rejection',
    rule: 'ax-envelope-state',
    scope: 'operations with a 409 or 422 that reports a state rejection (a state field, or "state"/"transition" in its description)',
    applies: applicability.hasStateRejection,
    fixSite: 'error schema',
    fix: 'declare `currentState`, `allowedActions` and `refreshUrl`',
  },
  {
    id: 'valid-extensions',
    label: 'valid extensions',
    rule: 'ax-extensions-valid',
    scope: 'operations that use an `x-ax-*` extension',
    applies: applicability.usesAxExtension,
    fixSite: 'operation',
    fix: 'give each `x-ax-*` extension a known name and its defined type',
  },
  {
    id: 'exemption-reasons',
    label: 'exemption reasons',
    rule: 'ax-exemption-reason',
    scope: 'operations that declare `x-ax-exempt`',
    applies: applicability.declaresExemption,
    fixSite: 'operation',
    fix: 'name a rule of this package and give a reason in each `x-ax-exempt` entry',
  },
  {
    id: 'next-operation',
    label: 'next operation',
    rule: 'ax-recoverable-next-operation',
    scope: 'operations with an error response that has an example',
    applies: applicability.hasErrorExample,
    fixSite: 'response',
    fix: 'name a declared `operationId` and its real inputs in `next_operation` and `next_operation_args`',
  },
  {
    id: 'field-refs',
    label: 'field references',
    rule: 'ax-recoverable-field-refs',
    scope: 'operations with an error response that has an example',
    applies: applicability.hasErrorExample,
    fixSite: 'response',
    fix: 'point every field locator of the error examples at a request input, with its real constraints',
  },
  {
    id: 'hint-fields',
    label: 'hint fields',
    rule: 'ax-recoverable-hint-fields',
    scope: 'operations with an error response that has an example',
    applies: applicability.hasErrorExample,
    fixSite: 'response',
    fix: 'name only fields the request accepts now in the recovery hints of the error examples',
  },
  // Opt-in rules: scored when the ruleset runs them, part of no level.
  {
    id: 'code-format',
    label: 'code format',
    rule: 'ax-recoverable-code-format',
    scope: 'operations with an error response that has a JSON schema',
    applies: applicability.hasAnyErrorSchema,
    fixSite: 'error schema',
    fix: 'write every error code in one convention (SCREAMING_SNAKE or kebab-case)',
  },
  {
    id: 'severity-values',
    label: 'severity values',
    rule: 'ax-recoverable-severity',
    scope: 'operations with an error response that has a JSON schema',
    applies: applicability.hasAnyErrorSchema,
    fixSite: 'error schema',
    fix: 'keep `severity` and `category` values within their ladders',
  },
  {
    id: 'actionable-messages',
    label: 'actionable messages',
    rule: 'ax-recoverable-vague-message',
    scope: 'operations with an error response (4xx, 5xx, default)',
    applies: applicability.hasErrorResponse,
    fixSite: 'response',
    fix: 'say what went wrong and how to fix it instead of the vague text',
  },
  {
    id: 'error-catalog',
    label: 'error catalog',
    rule: 'ax-recoverable-error-catalog',
    scope: 'operations that list `x-agent-error-codes`',
    applies: applicability.hasErrorCatalog,
    fixSite: 'operation',
    fix: 'list every error code the examples use in `x-agent-error-codes`',
  },
  {
    id: 'empty-actions',
    label: 'empty actions',
    rule: 'ax-envelope-empty-actions',
    scope: 'operations with a response example that contains `nextActions`',
    applies: applicability.hasNextActionsExample,
    fixSite: 'response',
    fix: 'give the example with an empty `nextActions` a non-empty `nextSteps`',
  },
];
