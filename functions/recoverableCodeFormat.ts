import { errorFieldValues, type FieldValue } from '../lib/error-values';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { label, placeIn, ruleFunction, type Finding } from '../lib/rule-function';

type Convention = 'SCREAMING_SNAKE' | 'kebab-case';
type Options = NameOptions<'errorCode'> & { convention?: Convention };

const CONVENTIONS: Record<Convention, RegExp> = {
  SCREAMING_SNAKE: /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/,
  'kebab-case': /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
};

/** Verbs that make a type URI segment a statement (`card-is-expired`) rather than a name. */
const VERBS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'cannot', 'could', 'should']);
/** Other glue words: a name may hold one (`out-of-credit`, RFC 9457's own example), a long segment with one is prose. */
const FUNCTION_WORDS = new Set([...VERBS, 'a', 'an', 'the', 'in', 'of', 'to', 'for', 'with', 'your', 'you', 'our', 'this', 'that']);
const MAX_SEGMENT_WORDS = 5;

const isUri = (code: string) => code.includes('/') || /^[a-z][a-z0-9+.-]*:/i.test(code);

function conventionOf(code: string): Convention | undefined {
  return (Object.keys(CONVENTIONS) as Convention[]).find(convention => CONVENTIONS[convention].test(code));
}

function rewrite(code: string, convention: Convention): string {
  const words = code.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean);
  return convention === 'SCREAMING_SNAKE' ? words.join('_').toUpperCase() : words.join('-').toLowerCase();
}

/** Why a problem `type` URI reads as prose, or undefined when its path is a short stable name. */
function prose(uri: string): string | undefined {
  if (/\s|%20/.test(uri)) return 'it contains spaces';
  const path = uri.replace(/^[a-z][a-z0-9+.-]*:(\/\/[^/]*)?/i, '');
  for (const segment of path.split('/').filter(Boolean)) {
    const words = segment.toLowerCase().split(/[-_.]+/).filter(Boolean);
    if (words.length > MAX_SEGMENT_WORDS) return `\`${segment}\` has ${words.length} words`;
    const glue = words.filter(word => FUNCTION_WORDS.has(word));
    const sentence = words.length >= 3 && (glue.some(word => VERBS.has(word)) || (words.length >= 4 && glue.length > 0));
    if (sentence) return `\`${segment}\` is a sentence (${glue.map(word => `"${word}"`).join(', ')})`;
  }
  return undefined;
}

/** The convention to hold codes to, and why: configured, followed by most distinct codes, or seed 002's when none follows either. */
function target(codes: FieldValue[], configured: Convention | undefined): { convention: Convention; why: string } {
  if (configured !== undefined) return { convention: configured, why: `the configured convention is ${configured}` };
  const distinct = new Set(codes.map(code => code.value as string));
  const count = (convention: Convention) => [...distinct].filter(code => conventionOf(code) === convention).length;
  const [kebab, snake] = [count('kebab-case'), count('SCREAMING_SNAKE')];
  if (kebab + snake === 0) return { convention: 'SCREAMING_SNAKE', why: 'no error code in this document follows one of the two conventions; SCREAMING_SNAKE is seed 002\'s' };
  const convention = kebab > snake ? 'kebab-case' : 'SCREAMING_SNAKE';
  return { convention, why: `most error codes in this document are ${convention}` };
}

const where = (code: FieldValue) => `${label(code.operation, code.response)}: ${code.holder}'s \`${code.name}\``;

/** ax-recoverable-code-format: error codes follow one convention across the document; problem `type` URIs are stable names. */
export default ruleFunction<Options>(
  'recoverableCodeFormat',
  { ...nameOptionsSchema('errorCode'), convention: { enum: Object.keys(CONVENTIONS) } },
  ({ doc, options, operations }) => {
    const values = errorFieldValues(doc, operations, namesFor(options, 'errorCode')).filter(value => typeof value.value === 'string' && value.value !== '');
    const uris = values.filter(value => isUri(value.value as string));
    const codes = values.filter(value => !isUri(value.value as string));
    const { convention, why: basis } = target(codes, options.convention);
    const findings: Finding[] = [];
    for (const uri of uris) {
      const why = prose(uri.value as string);
      if (why === undefined) continue;
      findings.push({
        message: `${where(uri)} ${JSON.stringify(uri.value)} reads as prose (${why}); agents branch on it and prose drifts. Name the error with short stable segments, e.g. \`https://api.example.com/errors/invoice/not-finalized\`.`,
        path: placeIn(uri.response, uri.location, uri.within),
      });
    }
    for (const code of codes.filter(code => conventionOf(code.value as string) !== convention)) {
      const actual = conventionOf(code.value as string);
      findings.push({
        message: `${where(code)} ${JSON.stringify(code.value)} is ${actual ?? 'neither SCREAMING_SNAKE nor kebab-case'}, but ${basis}. Write it as \`${rewrite(code.value as string, convention)}\`, so that an agent can match codes by one rule.`,
        path: placeIn(code.response, code.location, code.within),
      });
    }
    return findings;
  },
);
