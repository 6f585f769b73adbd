/**
 * Every rule of the package, each defined once in its own module (rules/<id>.ts, beside docs/rules/<id>.md
 * and test/<id>.test.ts): adding a rule is its module, a line here, its page and its test. Everything that lists
 * rules reads this array: ruleset.ts (and the functions it publishes), the rule ids that exemptions, baselines and
 * `fix` accept, the report's columns (in this order), the probe's readers and evidence, the docs' tables and the house tests.
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
import type { ProbeReading } from './declaration';

export { appliesWithin, type Applies, type Holding, type Scope } from './applicability';
export {
  PROBE_READINGS,
  type FixSite,
  type FunctionName,
  type PrincipleDeclaration,
  type ProbeReading,
  type RuleDeclaration,
  type Severity,
} from './declaration';

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

/** The rule whose question each of the probe's own readings answers, and whose names it reads with (each rule's `probe.reads`). */
export const PROBE_READERS = Object.fromEntries(DECLARATIONS.flatMap(({ id, probe }) => (probe?.reads ?? []).map(reading => [reading, id]))) as Record<
  ProbeReading,
  RuleId
>;

/** The rule each of the probe's findings shows broken on the running API (each rule's `probe.confirmedBy`), for the report's evidence. */
export const CONFIRMED_BY_PROBE: ReadonlyMap<string, RuleId> = new Map(
  DECLARATIONS.flatMap(({ id, probe }) => (probe?.confirmedBy === undefined ? [] : [[probe.confirmedBy, id] as const])),
);

/** The rules whose runtime check the probe replaces with its own finding (each rule's `probe.replacesLiveCheck`). */
export const REPLACED_LIVE_CHECKS: ReadonlySet<string> = new Set(DECLARATIONS.flatMap(({ id, probe }) => (probe?.replacesLiveCheck === true ? [id] : [])));

/** The rules whose findings `x-ax-exempt` cannot exempt (each rule's `exemptible: false`), for the editor's code actions. */
export const UNEXEMPTIBLE: ReadonlySet<string> = new Set(DECLARATIONS.flatMap(({ id, exemptible }) => (exemptible === false ? [id] : [])));
