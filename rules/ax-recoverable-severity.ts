/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { errorFieldValues, type FieldValue } from '../lib/errors/error-values';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { nearest } from '../lib/document/nearest';
import { type Finding, responseFinding } from '../lib/findings/rule-function';
import { describeValue } from '../lib/document/values';
import { identityOf, type Said, type Say } from '../lib/findings/messages';
import { isErrorStatus } from '../lib/document/document';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'severity' | 'category'> & { severities?: string[]; categories?: string[] };

/** The closed vocabularies of Geodocs' "Agent Error Handling Documentation Specification": the severity ladder and the repair-strategy categories. */
const LADDER = ['info', 'warning', 'error', 'fatal'];
const CATEGORIES = ['validation', 'auth', 'rate_limit', 'state', 'dependency', 'internal'];
const WORDS = { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 };

const MESSAGES = {
  schemaAllows: "{{holder}}'s `{{name}}` allows {{value}}, outside the {{vocabulary}}. Use one of {{allowed}}{{guess}}.",
  exampleIs: "{{holder}}'s `{{name}}` is {{value}}, outside the {{vocabulary}}. Use one of {{allowed}}{{guess}}.",
  probably: ' (here probably `{{word}}`)',
  severityLadder: 'severity ladder',
  errorCategories: 'error categories',
} as const;

interface Vocabulary {
  names: readonly string[];
  allowed: readonly string[];
  what: Said;
  /** Values that belong to another vocabulary under this name, and are not judged by this one. */
  other?: (value: unknown) => boolean;
}

/** Berlin Group's `tppMessages[].category` is `ERROR` or `WARNING`: a severity under the name `category`, not a repair strategy. */
const isSeverityLevel = (value: unknown): boolean => typeof value === 'string' && [...LADDER, 'warn'].includes(value.toLowerCase());

/** The allowed word a wrong value most likely meant: a prefix (`warn` → `warning`) or a near spelling. */
function likely(value: string, allowed: readonly string[]): string | undefined {
  const lower = value.toLowerCase();
  return allowed.find(word => lower.length >= 3 && word.startsWith(lower)) ?? nearest(value, allowed);
}

function outside(say: Say<typeof MESSAGES>, value: FieldValue, vocabulary: Vocabulary): Finding | undefined {
  if ((typeof value.value === 'string' && vocabulary.allowed.includes(value.value)) || vocabulary.other?.(value.value)) return undefined;
  const guess = typeof value.value === 'string' ? likely(value.value, vocabulary.allowed) : undefined;
  const allowed = vocabulary.allowed.map(word => `\`${word}\``).join(', ');
  const text = (holder: string) =>
    say(value.source === 'schema' ? 'schemaAllows' : 'exampleIs', {
      holder,
      name: value.name,
      value: describeValue(value.value),
      vocabulary: vocabulary.what,
      allowed,
      guess: guess === undefined ? '' : say('probably', { word: guess }),
    });
  return responseFinding(value.operation, value.response, text(value.holder), [value.location, value.within], { same: identityOf(text(value.kind)) });
}

/** ax-recoverable-severity: error `severity` and `category` values stay within the closed vocabularies of Geodocs' agent error specification. */
export default defineRule({
  id: 'ax-recoverable-severity',
  description: 'Error `severity` and `category` values stay within the severity ladder and the error categories.',
  severity: 'warn',
  recommended: false,
  principle: {
    label: 'severity values',
    scope: 'operations with an error response that has a JSON schema',
    fixSite: 'error schema',
    fix: 'keep `severity` and `category` values within their ladders',
  },
  scope: { responses: isErrorStatus, holds: 'error schema' },
  options: ruleOptions<Options>({ ...nameOptionsSchema('severity', 'category'), severities: WORDS, categories: WORDS }),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const vocabularies: Vocabulary[] = [
      { names: namesFor(options, 'severity'), allowed: options.severities ?? LADDER, what: say('severityLadder') },
      { names: namesFor(options, 'category'), allowed: options.categories ?? CATEGORIES, what: say('errorCategories'), other: isSeverityLevel },
    ];
    return vocabularies.flatMap(vocabulary =>
      errorFieldValues(doc, operations, vocabulary.names, options)
        .map(value => outside(say, value, vocabulary))
        .filter(finding => finding !== undefined),
    );
  },
});
