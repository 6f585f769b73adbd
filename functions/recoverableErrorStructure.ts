import { isErrorStatus, type OpenApiDocument } from '../lib/document';
import { describeViews, errorProperty, errorSchemas, responseExtension, type Problem } from '../lib/error-bodies';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';
import { ownProperty, type ObjectView } from '../lib/schema';

type Options = NameOptions<'errorCode' | 'message'>;

/** One of the two members R1 asks for, as one view carries it. */
interface Part {
  noun: 'code' | 'message';
  /** The fix when it is absent: the member to add. */
  add: string;
  /** undefined: required (or not needed); `missing`; else the declared name and where to list it in `required`. */
  state: undefined | 'missing' | { name: string; requiredOf: string };
}

function stateOf(doc: OpenApiDocument, view: ObjectView, names: readonly string[]): Part['state'] {
  if (errorProperty(doc, view, names, true) !== undefined) return undefined;
  const declared = errorProperty(doc, view, names);
  if (declared === undefined) return 'missing';
  return { name: declared.name, requiredOf: ownProperty(view, names) === undefined ? 'the `error` object' : 'the schema' };
}

/** "has no code", "has neither …", "declares `x` but does not require it", with the matching fix. */
function describe(parts: Part[]): Problem | undefined {
  const missing = parts.filter(part => part.state === 'missing');
  const optional = parts.flatMap(part => (typeof part.state === 'object' ? [{ noun: part.noun, ...part.state }] : []));
  if (missing.length === 0 && optional.length === 0) return undefined;
  const what = [
    ...(missing.length === 2 ? ['has neither a machine-readable code nor a message'] : missing.map(part => `has no ${part.noun === 'code' ? 'machine-readable code' : 'message'}`)),
    ...optional.map(found => `declares the ${found.noun} \`${found.name}\` but does not require it`),
  ];
  const fixes = [
    ...(missing.length > 0 ? [`Add ${missing.map(part => part.add).join(' and ')}`] : []),
    ...optional.map(found => `List \`${found.name}\` in the \`required\` of ${found.requiredOf}`),
  ];
  return { what: what.join(' and '), fix: `${fixes.join('. ')}.` };
}

/** ax-recoverable-error-structure: every error body has a required machine-readable code and a required message (R1). */
export default ruleFunction<Options>('recoverableErrorStructure', nameOptionsSchema('errorCode', 'message'), ({ doc, options, operations }) => {
  const codes = namesFor(options, 'errorCode');
  const messages = namesFor(options, 'message');
  const addCode = `a required \`${codes[0]}\` (string, a stable identifier such as "VALIDATION_ERROR" that an agent can branch on)`;
  const addMessage = `a required \`${messages[0]}\` (string, one sentence saying what went wrong)`;

  return errorSchemas(doc, operations, isErrorStatus).flatMap(target => {
    // The AX convention lets a response carry its code as the extension `x-ax-error-code` instead.
    const codeInExtension = responseExtension(target.response, 'x-ax-error-code') !== undefined;
    return describeViews(target, view =>
      describe([
        { noun: 'code', add: addCode, state: codeInExtension ? undefined : stateOf(doc, view, codes) },
        { noun: 'message', add: addMessage, state: stateOf(doc, view, messages) },
      ]),
    );
  });
});
