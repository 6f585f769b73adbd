/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableFieldDetails from '../functions/recoverableFieldDetails';
import { RESPONSES } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-field-details',
  description: 'Every 400 and 422 error schema says which input field failed, and why.',
  severity: 'warn',
  recommended: true,
  function: recoverableFieldDetails,
  principle: {
    id: 'field-details',
    label: 'field details',
    scope: 'operations with a 400 or 422 response that has a JSON schema',
    applies: { responses: RESPONSES['ax-recoverable-field-details'], holds: 'error schema' },
    fixSite: 'error schema',
    fix: 'add field details (`details[]` items with `field` and `reason`)',
  },
});
