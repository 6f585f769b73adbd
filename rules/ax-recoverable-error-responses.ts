/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { isClientErrorStatus, isMutation, startsWith, toPointer, type OpenApiDocument, type Operation } from '../lib/document/document';
import { label, mustThenSend, type Finding } from '../lib/findings/rule-function';
import { mutations } from './applicability';
import { defineRule, ruleOptions } from './declaration';

const MESSAGES = {
  noClientError: 'no 4xx error response. {{fix}}',
  addErrorResponse: 'Add a `400`, `422` or `default` response whose JSON schema has `code`, `message` and `recoveryHint`{{thenSend}}.',
  thisBodyToo: 'this body for validation errors too',
  addSharedResponse: "Add the `{{status}}` response the API shares, `$ref: '{{ref}}'`.",
} as const;

/**
 * ax-recoverable-error-responses: every mutation declares how a rejected call fails (the companion of the
 * nextSteps sweep in AGLedger's "Validating Authoring Before Deploy").
 */
export default defineRule({
  id: 'ax-recoverable-error-responses',
  description: 'Every mutation declares at least one 4xx error response.',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'declared errors',
    scope: 'mutations (POST, PUT, PATCH, DELETE)',
    fixSite: 'operation',
    fix: 'declare the 4xx responses the operation can return',
  },
  scope: { operations: mutations },
  // A status the description does not declare, answered to a probe, breaks this rule's promise of declared errors.
  probe: { confirmedBy: 'ax-probe-undeclared-status' },
  options: ruleOptions({}),
  messages: MESSAGES,
  lint: ({ doc, operations, say }) => {
    const findings: Finding[] = [];
    const shared = doc.memo('error-responses:shared', () => sharedRejection(doc, doc.operations()));
    const fix =
      shared === undefined
        ? say('addErrorResponse', { thenSend: mustThenSend(say('thisBodyToo'), 'error handler') })
        : say('addSharedResponse', { status: shared.status, ref: shared.ref });
    for (const operation of operations.filter(isMutation)) {
      const statuses = doc.statuses(operation);
      if (statuses?.some(isClientErrorStatus)) continue;
      findings.push({
        said: say('noClientError', { fix }),
        subject: label(operation),
        path: statuses === undefined ? operation.location : [...operation.location, 'responses'],
      });
    }
    return findings;
  },
});

/**
 * The shared response the API's other operations declare most for a rejected call (a 400 or 422 first, else
 * any 4xx), so the fix names what the API already has: `$ref: '#/components/responses/validation_failed'`.
 */
function sharedRejection(doc: OpenApiDocument, operations: readonly Operation[]): { status: string; ref: string } | undefined {
  const uses = new Map<string, { status: string; ref: string; count: number }>();
  for (const operation of operations) {
    for (const response of doc.responses(operation)) {
      // A response resolved outside the operation is a shared component.
      if (!isClientErrorStatus(response.status) || response.location === undefined || startsWith(response.location, response.at)) continue;
      const ref = toPointer(response.location);
      const key = `${response.status} ${ref}`;
      uses.set(key, { status: response.status, ref, count: (uses.get(key)?.count ?? 0) + 1 });
    }
  }
  const rank = (use: { status: string; count: number }) => (['400', '422'].includes(use.status) ? 1e9 : 0) + use.count;
  return [...uses.values()].sort((a, b) => rank(b) - rank(a))[0];
}
