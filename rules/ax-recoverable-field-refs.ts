/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableFieldRefs from '../functions/recoverableFieldRefs';
import { isErrorStatus } from '../lib/document/document';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-field-refs',
  description: "Every field an error example points at is an input of its operation, and its allowed and suggested values agree with that input's schema.",
  severity: 'warn',
  recommended: true,
  function: recoverableFieldRefs,
  principle: {
    id: 'field-refs',
    label: 'field references',
    scope: 'operations with an error response that has an example',
    applies: { responses: isErrorStatus, holds: 'example' },
    fixSite: 'response',
    fix: 'point every field locator of the error examples at a request input, with its real constraints',
  },
});
