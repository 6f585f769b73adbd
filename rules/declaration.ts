/**
 * What one rule of the package is, defined once in its module (rules/<id>.ts): its id (public API), what it checks,
 * its default severity and preset, its options and messages, the responses and operations it reads (its scope), the
 * principle it scores in the report, and its lint. Nothing here knows Spectral: ruleset.ts builds each rule's Spectral
 * function from its definition, in lib/findings/rule-function.ts's frame. Everything that lists rules reads the
 * definitions through rules/index.ts.
 */
import { DOCS_URL, type ProbeId } from '../lib/findings/catalogue';
import type { Live } from '../lib/envelope/live';
import type { Messages } from '../lib/findings/messages';
import type { Check } from '../lib/findings/rule-function';
import type { Scope } from './applicability';

/** Where the fix goes; a schema fix names the role it is for, which a schema with other roles must not get. */
export type FixSite = 'operation' | 'response' | 'error schema' | 'success schema';

/** The rule's column in the report's scorecard. */
export interface PrincipleDeclaration {
  /** Stable key of the column in the JSON report: the rule id without `ax-` and its family (`principleIdOf`). */
  id: string;
  /** Column header. */
  label: string;
  /** The rule's scope in words, for the docs and the cell tooltips of "not applicable". */
  scope: string;
  fixSite: FixSite;
  /** The edit that turns a failing cell green, as an imperative phrase. */
  fix: string;
}

/**
 * The probe's own readings of a live answer (cli/probe/play.ts), beside the runtime checks it runs. Each answers one
 * rule's question and reads the body with that rule's names, so that a sibling rule given other names (cli/mistakes.ts
 * warns of it) never lends them: `steps`, the next steps it follows; `links`, the link collections it takes for next
 * calls; `locators`, the inputs an error names as failed, with their reasons; `values`, the suggested and allowed values
 * a repair sends; `error`, the code and message of an unknown id's 404.
 */
export const PROBE_READINGS = ['steps', 'links', 'locators', 'values', 'error'] as const;
export type ProbeReading = (typeof PROBE_READINGS)[number];

/** What the probe does for a rule beyond running its runtime check. */
export interface ProbeRole {
  /** The probe's readings that answer this rule's question, and so take its options' names. */
  reads?: readonly ProbeReading[];
  /** The probe's finding that shows the rule broken on the running API: the report fails the rule's passing cell on it, as observed. */
  confirmedBy?: ProbeId;
  /** The probe does the rule's runtime check its own way, and `confirmedBy` reports it: the check's own violations are not reported. */
  replacesLiveCheck?: boolean;
}

/** A rule's default severity. */
export type Severity = 'error' | 'warn' | 'info';

/** A rule as its module defines it. */
export interface RuleDefinition<Id extends string, O extends object, M extends Messages> extends Omit<Check<O, M>, 'name' | 'statuses'> {
  id: Id;
  description: string;
  severity: Severity;
  /** In the `recommended` set as well as `all`; `false` makes the rule opt-in. */
  recommended: boolean;
  /** Its column in the report; its id is the rule's own (`principleIdOf`). */
  principle: Omit<PrincipleDeclaration, 'id'>;
  /**
   * Which operations and responses the rule reads, as data (rules/applicability.ts): the frame hands the lint the
   * statuses it reads, and the report marks an operation outside it "not applicable". A rule whose scope code outside
   * rules/ reads (the runtime guard) exports it as `scope` (and its live check as `live`), and marks its `defineRule` call and every call inside it
   * `@__PURE__`, with no spread: the bundler then drops the definition, and the lint with it, from the guard's
   * bundle (test/package/runtime-build.test.ts).
   */
  scope: Scope;
  /**
   * The rule's check of a live response, for the runtime guard and the probe (runtime/checks.ts loops over the rules
   * that have one): exported as `live` beside `scope`, worded with the rule's own messages, and tree-shakable the same way.
   */
  live?: Live;
  /**
   * `false` when `x-ax-exempt` cannot exempt the rule's findings: they judge the exemptions themselves, and a vague
   * reason is fixed by writing a better one, not by an exemption from the check on reasons. The editor offers none.
   */
  exemptible?: false;
  /** What the probe reads with the rule's names and reports for it (cli/probe/play.ts, cli/report/evidence.ts); none when absent. */
  probe?: ProbeRole;
}

/** A rule with what its id gives: its docs link, its function's name and its principle's id. */
export interface RuleDeclaration<Id extends string = string> extends RuleDefinition<Id, object, Messages> {
  principle: PrincipleDeclaration;
  /** The rule's page: docs/rules/<id>.md at the release's tag. */
  documentationUrl: string;
  /** `ax-recoverable-retry-after` → `recoverableRetryAfter`: the name of the rule's Spectral function, published as dist/functions/<name>. */
  functionName: FunctionName<Id>;
  /** The options it reads, for the commands that compare sibling rules' names (cli/mistakes.ts) and the docs' Options tables. */
  optionNames: readonly string[];
}

export type FunctionName<Id extends string> = Id extends `ax-${infer Rest}` ? CamelCase<Rest> : never;
type CamelCase<Text extends string> = Text extends `${infer Head}-${infer Tail}` ? `${Head}${CamelCase<Capitalize<Tail>>}` : Text;

const functionNameOf = <Id extends string>(id: Id): FunctionName<Id> =>
  id.replace(/^ax-/, '').replace(/-(\w)/g, (_dash, letter: string) => letter.toUpperCase()) as FunctionName<Id>;

/**
 * `ax-recoverable-retry-after` → `retry-after`, `ax-exemption-reason` → `exemption-reason`: the key of the rule's column in
 * the JSON report, in the rule's own words (the family, recoverable or envelope, is the same for every column of it).
 */
export const principleIdOf = (id: string): string => id.replace(/^ax-(?:recoverable-|envelope-)?/, '');

/** A rule's options: the JSON Schema of each, and the value of any that a user leaves out; typed `O` for its lint. */
export const ruleOptions = <O extends object = object>(schema: Record<string, unknown>, defaults?: Partial<O>): Check<O, Messages>['options'] =>
  defaults === undefined ? { schema } : { schema, defaults };

/** One rule, with the docs link and function name its id gives. Generic in the id, so each keeps its literal type. */
export function defineRule<Id extends string, O extends object, M extends Messages>(definition: RuleDefinition<Id, O, M>): RuleDeclaration<Id> {
  return {
    ...definition,
    principle: { id: principleIdOf(definition.id), ...definition.principle },
    documentationUrl: `${DOCS_URL}rules/${definition.id}.md`,
    functionName: functionNameOf(definition.id),
    optionNames: Object.keys(definition.options.schema),
  };
}
