/** The package's own `x-ax-*` extensions. */
import { isObject } from '../lib/document/document';
import { AX_EXTENSIONS, extensionProblem, isAxExtension, OPERATION_FLAGS } from '../lib/findings/extensions';
import { nearest } from '../lib/document/nearest';
import { exemptionOn, type Finding } from '../lib/findings/rule-function';
import type { Said } from '../lib/findings/messages';
import { pathOf, walk, type Trail } from '../lib/document/values';
import { usingAxExtensions } from './applicability';
import { defineRule, ruleOptions } from './declaration';

/** Keys whose values are payloads (data, not description), where an `x-ax-` key is not an extension. */
const PAYLOADS = new Set(['example', 'examples', 'default', 'const', 'enum']);
/** Keys whose values map names (property names) to schemas: their own keys are names, their values are walked. */
const NAME_MAPS = new Set(['properties', 'patternProperties']);

// A wrong value of a known extension is worded by lib/findings/extensions.ts, for the operation flags' rules too.
const MESSAGES = {
  unknownExtension:
    "`{{key}}` is not an AX extension. Use one of the AX spec's (listed on the ax-extensions-valid page), or drop the `ax-` for a private `x-` extension.",
  misspeltExtension: '`{{key}}`: did you mean `{{guess}}`? Rename it so that agents and tools read it.',
} as const;

const keyOf = (trail: Trail | undefined) => (trail === undefined ? undefined : String(trail.key));

/**
 * ax-extensions-valid: every `x-ax-*` value anywhere in the document has the type its AX definition
 * gives, and every `x-ax-` name is a known one. One pass over the raw document, no recursion.
 */
export default defineRule({
  id: 'ax-extensions-valid',
  description: 'Every `x-ax-*` extension is a known one and has the type its AX definition gives.',
  severity: 'error',
  recommended: true,
  principle: {
    label: 'valid extensions',
    scope: 'operations that use an `x-ax-*` extension',
    fixSite: 'operation',
    fix: 'give each `x-ax-*` extension a known name and its defined type',
  },
  scope: { operations: usingAxExtensions },
  options: ruleOptions({}),
  messages: MESSAGES,
  lint: ({ doc, ruleId, say }) => {
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
          const message = Object.prototype.hasOwnProperty.call(AX_EXTENSIONS, name) ? extensionProblem(name, node[name]) : unknown(name);
          if (message !== undefined) findings.push({ said: message, path: pathOf([], { parent: trail, key: name })! });
        }
        return true;
      },
      true,
    );
    return findings;

    /** An unknown `x-ax-` name, with the nearest known one when it looks like a typo. */
    function unknown(key: string): Said {
      const guess = nearest(key, Object.keys(AX_EXTENSIONS));
      return guess === undefined ? say('unknownExtension', { key }) : say('misspeltExtension', { key, guess });
    }
  },
});
