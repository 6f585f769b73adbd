/**
 * The rule ids of the package: the public API. Functions that must know them (exemption
 * checks, the report) read this list; a test keeps it equal to the rules of ruleset.ts.
 */
import { version } from '../package.json';

export const RULE_IDS = [
  'ax-recoverable-error-schema',
  'ax-recoverable-error-structure',
  'ax-recoverable-retryable',
  'ax-recoverable-idempotent',
  'ax-recoverable-suggestion',
  'ax-recoverable-field-details',
  'ax-recoverable-no-html-errors',
  'ax-recoverable-retry-after',
  'ax-recoverable-retryable-flag',
  'ax-recoverable-no-stack-traces',
  'ax-recoverable-trace-id',
  'ax-recoverable-error-responses',
  'ax-recoverable-code-format',
  'ax-recoverable-severity',
  'ax-recoverable-vague-message',
  'ax-recoverable-error-catalog',
  'ax-recoverable-next-operation',
  'ax-recoverable-field-refs',
  'ax-recoverable-hint-fields',
  'ax-extensions-valid',
  'ax-envelope-next-steps',
  'ax-envelope-next-steps-shape',
  'ax-envelope-next-steps-href',
  'ax-envelope-refresh-url',
  'ax-envelope-state',
  'ax-envelope-empty-actions',
  'ax-exemption-reason',
] as const;

export type RuleId = (typeof RULE_IDS)[number];

/**
 * The findings only \`spectral-agent-ux probe\` reports, from a running API (docs/probe.md): public API
 * like the rule ids, and exemptible with \`x-ax-exempt\` like them.
 */
export const PROBE_IDS = [
  'ax-probe-stale-step',
  'ax-probe-wrong-field',
  'ax-probe-unrecoverable',
  'ax-probe-server-error',
  'ax-probe-undeclared-status',
] as const;

export type ProbeId = (typeof PROBE_IDS)[number];

/** The repository at the release's tag, so that a finding links to the text of the version that produced it. */
export const RELEASE_URL = `https://github.com/spectral-agent-ux/spectral-agent-ux/blob/v${version}/`;
export const DOCS_URL = `${RELEASE_URL}docs/`;
