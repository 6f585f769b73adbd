/**
 * Every rule of the package, each defined once in its own module (rules/<id>.ts, beside docs/rules/<id>.md
 * and test/<id>.test.ts): adding a rule is its module, a line here, its page and its test. Everything that lists
 * rules reads this array: ruleset.ts (and the functions it publishes), the rule ids that exemptions, baselines and
 * `fix` accept, the report's columns (in this order), the docs' tables and the house tests.
 */
import recoverableErrorSchema from './ax-recoverable-error-schema';
import recoverableErrorStructure from './ax-recoverable-error-structure';
import recoverableNoHtmlErrors from './ax-recoverable-no-html-errors';
import recoverableSuggestion from './ax-recoverable-suggestion';
import recoverableRetryable from './ax-recoverable-retryable';
import recoverableIdempotent from './ax-recoverable-idempotent';
import recoverableRetryableFlag from './ax-recoverable-retryable-flag';
import recoverableErrorResponses from './ax-recoverable-error-responses';
import recoverableFieldDetails from './ax-recoverable-field-details';
import recoverableRetryAfter from './ax-recoverable-retry-after';
import recoverableNoStackTraces from './ax-recoverable-no-stack-traces';
import recoverableTraceId from './ax-recoverable-trace-id';
import envelopeNextSteps from './ax-envelope-next-steps';
import envelopeNextStepsShape from './ax-envelope-next-steps-shape';
import envelopeNextStepsHref from './ax-envelope-next-steps-href';
import envelopeRefreshUrl from './ax-envelope-refresh-url';
import envelopeState from './ax-envelope-state';
import extensionsValid from './ax-extensions-valid';
import exemptionReason from './ax-exemption-reason';
import recoverableNextOperation from './ax-recoverable-next-operation';
import recoverableFieldRefs from './ax-recoverable-field-refs';
import recoverableHintFields from './ax-recoverable-hint-fields';
import recoverableCodeFormat from './ax-recoverable-code-format';
import recoverableSeverity from './ax-recoverable-severity';
import recoverableVagueMessage from './ax-recoverable-vague-message';
import recoverableErrorCatalog from './ax-recoverable-error-catalog';
import envelopeEmptyActions from './ax-envelope-empty-actions';

export { appliesWithin, type Applies, type Holding, type Scope } from './applicability';
export type { FixSite, FunctionName, PrincipleDeclaration, RuleDeclaration, Severity } from './declaration';

export const DECLARATIONS = [
  recoverableErrorSchema,
  recoverableErrorStructure,
  recoverableNoHtmlErrors,
  recoverableSuggestion,
  recoverableRetryable,
  recoverableIdempotent,
  recoverableRetryableFlag,
  recoverableErrorResponses,
  recoverableFieldDetails,
  recoverableRetryAfter,
  recoverableNoStackTraces,
  recoverableTraceId,
  envelopeNextSteps,
  envelopeNextStepsShape,
  envelopeNextStepsHref,
  envelopeRefreshUrl,
  envelopeState,
  extensionsValid,
  exemptionReason((): readonly string[] => RULE_IDS),
  recoverableNextOperation,
  recoverableFieldRefs,
  recoverableHintFields,
  // Opt-in rules: in `all`, scored when the ruleset runs them, part of no report level.
  recoverableCodeFormat,
  recoverableSeverity,
  recoverableVagueMessage,
  recoverableErrorCatalog,
  envelopeEmptyActions,
] as const;

/** The rule ids of the package: the public API. */
export const RULE_IDS: readonly RuleId[] = DECLARATIONS.map(declaration => declaration.id);

export type RuleId = (typeof DECLARATIONS)[number]['id'];
