/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableErrorStructure from '../functions/recoverableErrorStructure';
import { RESPONSES } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-error-structure',
  description: 'Every error schema has a required machine-readable code and a required message.',
  severity: 'error',
  recommended: true,
  function: recoverableErrorStructure,
  principle: {
    id: 'error-structure',
    label: 'error structure',
    scope: 'operations with an error response that has a JSON schema',
    applies: { responses: RESPONSES['ax-recoverable-error-structure'], holds: 'error schema' },
    fixSite: 'error schema',
    fix: 'require a machine-readable `code` and a `message`',
  },
});
