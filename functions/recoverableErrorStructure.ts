import { describeViews, errorSchemas, responseExtension, type Problem } from '../lib/error-bodies';
import { carrierAnswer, schemaCarriers, type Carrier, type SchemaNode } from '../lib/error-shapes';
import { errorAudience, propertyEdits, requiredEdits, type Edit } from '../lib/edits';
import { carrierName, exampleCode, insideOf, placeOf } from '../lib/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';
import { RESPONSES } from '../lib/scope';

const CONCEPTS = ['errorCode', 'message', 'statusCode', 'errorIdentifier', 'errorList'] as const;
type Options = NameOptions<(typeof CONCEPTS)[number]>;

/** How one carrier holds the code and the message R1 asks for: `undefined` required, `missing`, else the name declared but not required. */
interface Holding {
  carrier: Carrier<SchemaNode>;
  code: undefined | 'missing' | string;
  message: undefined | 'missing' | string;
}

const score = (holding: Holding) => [holding.code, holding.message].filter(state => state !== 'missing').length;

/** ax-recoverable-error-structure: every error body has a required machine-readable code and a required message (R1), wherever its shape keeps them. */
export default ruleFunction<Options>('recoverableErrorStructure', nameOptionsSchema(...CONCEPTS), ({ doc, options, operations }) => {
  const codeName = namesFor(options, 'errorCode')[0];
  const messageName = namesFor(options, 'message')[0];

  const stateOf = (carrier: Carrier<SchemaNode>, question: 'code' | 'message') => {
    if (carrierAnswer(doc, carrier, question, options, true) !== undefined) return undefined;
    return carrierAnswer(doc, carrier, question, options)?.name ?? 'missing';
  };

  const describe = ({ carrier, code, message }: Holding, status: string): Problem => {
    const missing = [
      code === 'missing' ? `a required \`${codeName}\` (e.g. "${exampleCode(status)}")` : undefined,
      message === 'missing' ? `a required \`${messageName}\`` : undefined,
    ].filter(part => part !== undefined);
    const optional = [code, message].filter(state => state !== undefined && state !== 'missing').map(name => `\`${name}\``);
    const what = [
      code === 'missing' && message === 'missing'
        ? 'has no code and no message'
        : code === 'missing'
          ? 'has no code'
          : message === 'missing'
            ? 'has no message'
            : undefined,
      optional.length > 0 ? `does not require ${optional.join(' or ')}` : undefined,
    ].filter(part => part !== undefined);
    const fixes = [
      missing.length > 0 ? `Add ${missing.join(' and ')}${placeOf(carrier)}` : undefined,
      optional.length > 0 ? `List ${optional.join(' and ')} as required in ${carrierName(carrier)}` : undefined,
    ].filter(part => part !== undefined);
    return { what: `${what.join(' and ')}${insideOf(carrier)}`, fix: `${fixes.join('. ')}.`, edits: editsFor({ carrier, code, message }) };
  };

  /** The same fix as edits: each missing member declared (a string) and required, each optional one required where it is declared. */
  const editsFor = ({ carrier, code, message }: Holding): Edit[] | undefined => {
    const views = carrier.nodes.flatMap(node => node.views);
    const parts = [
      [code, codeName],
      [message, messageName],
    ].flatMap(([state, name]) =>
      state === undefined
        ? []
        : [
            state === 'missing'
              ? propertyEdits(doc, views, name!, { type: 'string' }, true, errorAudience(doc))
              : requiredEdits(doc, views, state!, errorAudience(doc)),
          ],
    );
    return parts.every(edits => edits !== undefined) ? (parts.flat() as Edit[]) : undefined;
  };

  return errorSchemas(doc, operations, RESPONSES['ax-recoverable-error-structure']).flatMap(target => {
    // The AX convention lets a response carry its code as the extension `x-ax-error-code` instead.
    const codeInExtension = responseExtension(target.response, 'x-ax-error-code') !== undefined;
    return describeViews(target, view => {
      const holdings = schemaCarriers(doc, view, options).map(carrier => ({
        carrier,
        code: codeInExtension ? undefined : stateOf(carrier, 'code'),
        message: stateOf(carrier, 'message'),
      }));
      if (holdings.some(holding => holding.code === undefined && holding.message === undefined)) return undefined;
      const best = holdings.reduce((a, b) => (score(b) > score(a) ? b : a));
      return describe(best, target.response.status);
    });
  });
});
