import { isObject } from '../lib/document/document';
import { AX_EXTENSIONS, extensionProblem, isAxExtension, OPERATION_FLAGS, unknownExtension } from '../lib/rules/extensions';
import { exemptionOn, ruleFunction, type Finding } from '../lib/rules/rule-function';
import { pathOf, walk, type Trail } from '../lib/document/values';

/** Keys whose values are payloads (data, not description), where an `x-ax-` key is not an extension. */
const PAYLOADS = new Set(['example', 'examples', 'default', 'const', 'enum']);
/** Keys whose values map names (property names) to schemas: their own keys are names, their values are walked. */
const NAME_MAPS = new Set(['properties', 'patternProperties']);

const keyOf = (trail: Trail | undefined) => (trail === undefined ? undefined : String(trail.key));

/**
 * ax-extensions-valid: every `x-ax-*` value anywhere in the document has the type its AX definition
 * gives, and every `x-ax-` name is a known one. One pass over the raw document, no recursion.
 */
export default ruleFunction<object>('extensionsValid', {}, ({ doc, ruleId }) => {
  if (!doc.mayMention(['x-ax-'])) return []; // most documents have none: skip the walk of every node
  // Operation flags are type-checked by ax-recoverable-retryable / -idempotent, so each is reported once.
  const operationNodes = new Set<object>(doc.operations().map(operation => operation.node));
  const findings: Finding[] = [];
  walk(
    doc.root,
    (node, trail) => {
      const key = keyOf(trail);
      if (key !== undefined && (PAYLOADS.has(key) || isAxExtension(key))) return false;
      if (!isObject(node)) return true;
      if (exemptionOn(node, ruleId) !== undefined) return false;
      if (key !== undefined && NAME_MAPS.has(key)) return true;
      for (const name of Object.keys(node)) {
        if (!isAxExtension(name) || (OPERATION_FLAGS.has(name) && operationNodes.has(node))) continue;
        const message = Object.prototype.hasOwnProperty.call(AX_EXTENSIONS, name) ? extensionProblem(name, node[name]) : unknownExtension(name);
        if (message !== undefined) findings.push({ message, path: pathOf([], { parent: trail, key: name })! });
      }
      return true;
    },
    true,
  );
  return findings;
});
