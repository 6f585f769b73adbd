/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableHintFields from '../functions/recoverableHintFields';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-hint-fields',
  description: 'A recovery hint that names request fields names fields the operation accepts now, not an obsolete request shape.',
  severity: 'warn',
  recommended: true,
  function: recoverableHintFields,
  principle: {
    id: 'hint-fields',
    label: 'hint fields',
    scope: 'operations with an error response that has an example',
    applies: { responses: isErrorStatus, holds: 'example' },
    fixSite: 'response',
    fix: 'name only fields the request accepts now in the recovery hints of the error examples',
  },
});
