/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import recoverableSuggestion from '../functions/recoverableSuggestion';
import { RESPONSES } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-recoverable-suggestion',
  description: 'Every 4xx error schema declares a recovery hint that says how to fix the request.',
  severity: 'warn',
  recommended: true,
  function: recoverableSuggestion,
  principle: {
    id: 'recovery-hint',
    label: 'recovery hint',
    scope: 'operations with a 4xx (or default) error response that has a JSON schema',
    applies: { responses: RESPONSES['ax-recoverable-suggestion'], holds: 'error schema' },
    fixSite: 'error schema',
    fix: 'add a recovery hint (`recoveryHint`)',
  },
});
