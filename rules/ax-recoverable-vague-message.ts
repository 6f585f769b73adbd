/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { child, isErrorResponse, type OpenApiDocument, isErrorStatus } from '../lib/document/document';
import { detailBeside, errorFieldValues, fieldName, textsOf, type FieldValue } from '../lib/errors/error-values';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { type Finding, responseFinding } from '../lib/findings/rule-function';
import { identityOf } from '../lib/findings/messages';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'message' | 'recoveryHint'> & { phrases?: string[] };

/**
 * Text that names no field, no cause and no fix (AGLedger's "The Agent-UX Envelope", Geodocs' "Agent Error
 * Handling Documentation Specification", "Designing Errors for Agent Recovery"); matched whole or nearly so,
 * never as a substring.
 */
const VAGUE_PHRASES = [
  'Invalid input',
  'Invalid request',
  'Invalid data',
  'Bad request',
  'Something went wrong',
  'An error occurred',
  'An error has occurred',
  'An unexpected error occurred',
  'An unexpected error has occurred',
  'Unexpected error',
  'Unknown error',
  'The request could not be processed',
  'Please try again later',
  'Try again later',
  'See documentation',
  'See the documentation',
  'Please contact support',
];

const MESSAGES = {
  vagueDescription: 'the response description {{description}} names no cause or fix. Say when this error happens and how to recover from it.',
  vagueText: '{{field}} {{text}} names no field, cause or fix. Name them, e.g. "`amount` must be a positive integer."',
} as const;

/** Interjections that may precede a vague phrase without adding information. */
const LEADING = /^(?:oops|whoops|sorry|error)\b[\s!:,.-]*/;
/** A colon, semicolon, dash or bracket after the phrase introduces specifics ("Invalid input: `amount` must be > 0"). */
const DETAIL = /^\s*(?:[:;(=[]|\s[-–—]\s)/;
const MAX_TRAILING_WORDS = 2;

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

type Matcher = (text: string) => string | undefined;

/**
 * A test for "the vague phrase the text amounts to, if it is that phrase, maybe with an interjection
 * before or a word or two after". Patterns are compiled once and answers kept per text: a shared
 * schema's example is asked about once per response that uses it.
 */
function vagueMatcher(phrases: readonly string[]): Matcher {
  const patterns = phrases.map(phrase => ({
    phrase,
    pattern: new RegExp(
      `^${phrase
        .toLowerCase()
        .split(/\s+/)
        .map(word => word.replace(/[^a-z0-9]/g, ''))
        .join('[^a-z0-9]+')}(?![a-z0-9])`,
    ),
  }));
  const answers = new Map<string, string | undefined>();
  return text => {
    if (answers.has(text)) return answers.get(text);
    const body = text.trim().toLowerCase().replace(LEADING, '');
    const found = patterns.find(({ pattern }) => {
      const match = pattern.exec(body);
      if (match === null) return false;
      const rest = body.slice(match[0].length);
      return !DETAIL.test(rest) && normalize(rest).split(' ').filter(Boolean).length <= MAX_TRAILING_WORDS;
    });
    answers.set(text, found?.phrase);
    return found?.phrase;
  };
}

/**
 * The message an agent reads for the cause: a reason-phrase `message` ("Bad Request") beside the API's own
 * detail member (`debugInfo`, `detail`) is the status said again, and that member is judged instead (an
 * example's text), or nothing (a schema's values, whose detail is written per occurrence).
 */
function specificOf(doc: OpenApiDocument, value: FieldValue): FieldValue[] {
  const [text] = textsOf(value);
  const detail = text === undefined || Array.isArray(value.value) ? undefined : detailBeside(doc, value, text.value);
  if (detail === undefined) return [value];
  return detail.text === undefined
    ? []
    : [{ ...value, name: detail.name, value: detail.text.value, location: detail.text.location, field: detail.text.location }];
}

/**
 * ax-recoverable-vague-message: error examples (response examples and the property-level examples of
 * error schemas) and error-response descriptions say something an agent can act on.
 */
export default defineRule({
  id: 'ax-recoverable-vague-message',
  description: 'Error examples and error descriptions avoid text an agent cannot act on ("Something went wrong").',
  severity: 'warn',
  recommended: false,
  principle: {
    label: 'actionable messages',
    scope: 'operations with an error response (4xx, 5xx, default)',
    fixSite: 'response',
    fix: 'say what went wrong and how to fix it instead of the vague text',
  },
  scope: { responses: isErrorStatus, holds: 'response' },
  options: ruleOptions<Options>({ ...nameOptionsSchema('message', 'recoveryHint'), phrases: { type: 'array', items: { type: 'string', minLength: 1 } } }),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const vague = vagueMatcher(options.phrases ?? VAGUE_PHRASES);
    // Of several message members in one object, the first named is the one an agent reads: RFC 9457's
    // `title` names the problem type ("Bad Request" is right there) while its `detail` names this occurrence.
    const messages = errorFieldValues(doc, operations, namesFor(options, 'message'), options).filter(value => value.primary);
    // A bare string `error` member is the AX spec's "bad" example: `{ "error": "Bad Request" }`.
    const hints = errorFieldValues(doc, operations, [...namesFor(options, 'recoveryHint'), 'error'], options);
    const findings: Finding[] = [];
    for (const operation of operations) {
      for (const response of doc.responses(operation).filter(isErrorResponse)) {
        const { description } = response.node;
        if (typeof description !== 'string' || vague(description) === undefined) continue;
        const text = say('vagueDescription', { description: JSON.stringify(description) });
        findings.push(responseFinding(operation, response, text, [child(response.location, 'description')]));
      }
    }
    // One schema example shared by several media types (problem+json and problem+xml) is one finding.
    const seen = new Set<unknown>();
    for (const value of [...messages.flatMap(message => specificOf(doc, message)), ...hints]) {
      for (const text of textsOf(value)) {
        const key = JSON.stringify([value.operation.location, value.response.status, text.location ?? text.value]);
        if (vague(text.value) === undefined || seen.has(key)) continue;
        seen.add(key);
        const what = (holder: string) => say('vagueText', { field: fieldName(value, holder), text: JSON.stringify(text.value) });
        findings.push(
          responseFinding(value.operation, value.response, what(value.holder), [text.location, value.within], { same: identityOf(what(value.kind)) }),
        );
      }
    }
    return findings;
  },
});
