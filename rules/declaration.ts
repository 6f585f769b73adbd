/**
 * What one rule of the package is, declared once: its id (public API), what it checks, its default
 * severity and preset, its docs page, the function that judges (which carries its options schema), and
 * the principle it scores in the report. ruleset.ts, the rule ids, the report's columns and the house
 * tests are read off the array of declarations in rules/index.ts.
 */
import type { RulesetFunctionWithValidator } from '@stoplight/spectral-core';
import { DOCS_URL } from '../lib/rules/catalogue';
import type { Messages } from '../lib/rules/messages';
import type { Scope } from './applicability';

/** Where the fix goes; a schema fix names the role it is for, which a schema with other roles must not get. */
export type FixSite = 'operation' | 'response' | 'error schema' | 'success schema';

/** The rule's column in the report's scorecard. */
export interface PrincipleDeclaration {
  /** Stable key of the column in the JSON report. */
  id: string;
  /** Column header. */
  label: string;
  /** When the principle applies, in words, for the docs and the cell tooltips of "not applicable". */
  scope: string;
  /** The same as data: which operations and responses the rule reads (rules/applicability.ts answers it). */
  applies: Scope;
  fixSite: FixSite;
  /** The edit that turns a failing cell green, as an imperative phrase. */
  fix: string;
}

/** A Spectral rule function, as lib/rules/rule-function.ts builds them (each declaration keeps its own option types), with the options it reads and its messages. */
export type RuleFunction = RulesetFunctionWithValidator<unknown, object> & { optionNames: readonly string[]; messages: Messages };

/** A rule's default severity. */
export type Severity = 'error' | 'warn' | 'info';

export interface RuleDeclaration<Id extends string = string, Fn extends RuleFunction = RuleFunction> {
  id: Id;
  description: string;
  severity: Severity;
  /** In the `recommended` set as well as `all`; `false` makes the rule opt-in. */
  recommended: boolean;
  /** The rule's page: docs/rules/<id>.md at the release's tag. */
  documentationUrl: string;
  function: Fn;
  /** The rule's messages by id, read off its function (which declares them, for YAML rulesets that load it alone). */
  messages: Fn['messages'];
  principle: PrincipleDeclaration;
}

/** One rule, with the docs link its id gives. Generic in the id and the function, so each keeps its literal type. */
export function declareRule<Id extends string, Fn extends RuleFunction>(
  declaration: Omit<RuleDeclaration<Id, Fn>, 'documentationUrl' | 'messages'>,
): RuleDeclaration<Id, Fn> {
  return { ...declaration, documentationUrl: `${DOCS_URL}rules/${declaration.id}.md`, messages: declaration.function.messages };
}
