/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { errorFieldValues, isExampleValue, type FieldValue } from '../lib/errors/error-values';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { label, placeIn, useOf, type Finding } from '../lib/findings/rule-function';
import { identityOf, type Phrase, type Said, type Say as SayOf } from '../lib/findings/messages';
import { isErrorStatus } from '../lib/document/document';
import { defineRule, ruleOptions } from './declaration';

type Convention = 'SCREAMING_SNAKE' | 'snake_case' | 'kebab-case' | 'PascalCase' | 'camelCase';
type Options = NameOptions<'errorCode'> & { convention?: Convention };

/** Multi-word forms, in order of preference on a tie (the AX spec's SCREAMING_SNAKE first). */
const CONVENTIONS: Record<Convention, RegExp> = {
  SCREAMING_SNAKE: /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/,
  snake_case: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/,
  'kebab-case': /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/,
  PascalCase: /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/,
  camelCase: /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/,
};
/** One word (`conflict`, `CONFLICT`, `Conflict`, `E1001`) is written the same way in every convention. */
const SINGLE_WORD = /^(?:[A-Za-z][a-z0-9]*|[A-Z][A-Z0-9]*)$/;
const MAX_LISTED = 3;

/** Verbs that make a type URI segment a statement (`card-is-expired`) rather than a name. */
const VERBS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'cannot', 'could', 'should']);
/** Other glue words: a name may hold one (`out-of-credit`, RFC 9457's own example), a long segment with one is prose. */
const FUNCTION_WORDS = new Set([...VERBS, 'a', 'an', 'the', 'in', 'of', 'to', 'for', 'with', 'your', 'you', 'our', 'this', 'that']);
const MAX_SEGMENT_WORDS = 5;

const MESSAGES = {
  // "POST /payments 400: the error schema's `code` <what>".
  fieldFinding: "{{holder}}'s `{{name}}` {{what}}",
  proseUri: 'reads as prose: {{problem}}. Use short stable segments, e.g. `/errors/invoice/not-finalized`.',
  containsSpaces: '{{uri}} contains spaces',
  tooManyWords: '`{{segment}}` has {{count}} words',
  aSentence: '`{{segment}}` is a sentence ({{glue}})',
  offConvention: '{{verb}} {{codes}}, not {{convention}} ({{why}}). Write it as {{fixes}}.',
  offConventionMany: '{{verb}} {{codes}}, not {{convention}} ({{why}}). Write them as {{fixes}}.',
  exampleIs: 'is',
  exampleHas: 'has the example',
  schemaAllows: 'allows',
  configuredConvention: 'the configured convention',
  axConvention: "the AX spec's convention",
  usualConvention: 'the convention of most codes here',
  andMore: '{{shown}} and {{more}} more',
} as const;
type Say = SayOf<typeof MESSAGES>;

const isUri = (code: string) => code.includes('/') || /^[a-z][a-z0-9+.-]*:/i.test(code);

function rewrite(code: string, convention: Convention): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  switch (convention) {
    case 'SCREAMING_SNAKE':
      return words.join('_').toUpperCase();
    case 'snake_case':
      return words.join('_').toLowerCase();
    case 'kebab-case':
      return words.join('-').toLowerCase();
    case 'PascalCase':
      return words.map(capitalized).join('');
    case 'camelCase':
      return words.map((word, i) => (i === 0 ? word.toLowerCase() : capitalized(word))).join('');
  }
}

/** Why a problem `type` URI reads as prose, or undefined when its path is a short stable name. */
function prose(say: Say, uri: string): Said | undefined {
  if (/\s|%20/.test(uri)) return say('containsSpaces', { uri: JSON.stringify(uri) });
  const path = uri.replace(/^[a-z][a-z0-9+.-]*:(\/\/[^/]*)?/i, '');
  for (const segment of path.split('/').filter(Boolean)) {
    const words = segment
      .toLowerCase()
      .split(/[-_.]+/)
      .filter(Boolean);
    if (words.length > MAX_SEGMENT_WORDS) return say('tooManyWords', { segment, count: words.length });
    const glue = words.filter(word => FUNCTION_WORDS.has(word));
    const sentence = words.length >= 3 && (glue.some(word => VERBS.has(word)) || (words.length >= 4 && glue.length > 0));
    if (sentence) return say('aSentence', { segment, glue: glue.map(word => `"${word}"`).join(', ') });
  }
  return undefined;
}

/** The convention to hold codes to, and why: configured, followed by most distinct multi-word codes, else the AX spec's. */
function target(say: Say, codes: FieldValue[], configured: Convention | undefined): { convention: Convention; why: Said } {
  if (configured !== undefined) return { convention: configured, why: say('configuredConvention') };
  const distinct = [...new Set(codes.map(code => code.value as string))];
  const counts = (Object.keys(CONVENTIONS) as Convention[]).map(
    convention => [convention, distinct.filter(code => CONVENTIONS[convention].test(code)).length] as const,
  );
  const [convention, count] = counts.reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  return count === 0 ? { convention: 'SCREAMING_SNAKE', why: say('axConvention') } : { convention, why: say('usualConvention') };
}

/** Values of one field of one operation, whichever of its responses share the schema: reported once, with their statuses. */
function byOperationField(values: FieldValue[]): FieldValue[][] {
  const groups = new Map<string, FieldValue[]>();
  for (const value of values) {
    const key = JSON.stringify([value.operation.location, value.source, value.name, value.field ?? value.location]);
    groups.set(key, [...(groups.get(key) ?? []), value]);
  }
  return [...groups.values()];
}

/**
 * "POST /payments 400, 422: the error schema's `code` <what>", naming every status the group spans, at
 * `value`; on a shared schema, one finding for all the operations that use it.
 */
function found(say: Say, group: FieldValue[], value: FieldValue, what: Said): Finding {
  const [first] = group;
  const statuses = [...new Set(group.map(each => each.response.status))].join(', ');
  const text = (holder: string) => say('fieldFinding', { holder, name: first.name, what });
  const responses = [...new Set(group.map(each => each.response))];
  return {
    said: text(first.holder),
    subject: `${label(first.operation)} ${statuses}`,
    path: placeIn(value.response, value.location, value.within),
    uses: responses.map(response => useOf(first.operation, response, text(first.holder), [value.location, value.within], identityOf(text(first.kind)))),
  };
}

function listed(say: Say, items: string[]): Phrase {
  const shown = items.slice(0, MAX_LISTED).join(', ');
  return items.length > MAX_LISTED ? say('andMore', { shown, more: items.length - MAX_LISTED }) : shown;
}

function offConvention(say: Say, group: FieldValue[], convention: Convention, why: Said): Finding | undefined {
  // A code the convention cannot spell (`702`, `0x1F`, `4-oh-4`) gets no advice: its rewrite would not fit either.
  const fixable = (code: string) => !SINGLE_WORD.test(code) && !CONVENTIONS[convention].test(code) && CONVENTIONS[convention].test(rewrite(code, convention));
  const codes = [...new Set(group.map(value => value.value as string))].filter(fixable);
  if (codes.length === 0) return undefined;
  const verb = say(group.every(isExampleValue) ? (group[0].source === 'example' ? 'exampleIs' : 'exampleHas') : 'schemaAllows');
  const fixes = listed(
    say,
    codes.map(code => `\`${rewrite(code, convention)}\``),
  );
  const what = say(codes.length === 1 ? 'offConvention' : 'offConventionMany', {
    verb,
    codes: listed(
      say,
      codes.map(code => JSON.stringify(code)),
    ),
    convention,
    why,
    fixes,
  });
  return found(
    say,
    group,
    group.find(value => value.value === codes[0])!,
    what,
  );
}

/** ax-recoverable-code-format: error codes follow one convention across the document; problem `type` URIs are stable names. */
export default defineRule({
  id: 'ax-recoverable-code-format',
  description: 'Error codes follow one convention across the document; problem `type` URIs are stable names, not prose.',
  severity: 'info',
  recommended: false,
  principle: {
    label: 'code format',
    scope: 'operations with an error response that has a JSON schema',
    fixSite: 'error schema',
    fix: 'write every error code in one convention (SCREAMING_SNAKE or kebab-case)',
  },
  scope: { responses: isErrorStatus, holds: 'error schema' },
  options: ruleOptions<Options>({ ...nameOptionsSchema('errorCode'), convention: { enum: Object.keys(CONVENTIONS) } }),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const values = errorFieldValues(doc, operations, namesFor(options, 'errorCode'), options).filter(
      value => typeof value.value === 'string' && value.value !== '',
    );
    // A `type` beside a `code` is a category or a marker, not the code; it is read only when it is a problem-type URI.
    const codes = values.filter(value => value.primary && !isUri(value.value as string));
    const { convention, why } = target(say, codes, options.convention);
    const findings: Finding[] = [];
    for (const group of byOperationField(values.filter(value => isUri(value.value as string)))) {
      for (const uri of new Set(group.map(value => value.value as string))) {
        const problem = prose(say, uri);
        if (problem === undefined) continue;
        const what = say('proseUri', { problem });
        findings.push(
          found(
            say,
            group,
            group.find(value => value.value === uri)!,
            what,
          ),
        );
      }
    }
    for (const group of byOperationField(codes)) {
      const finding = offConvention(say, group, convention, why);
      if (finding !== undefined) findings.push(finding);
    }
    return findings;
  },
});
