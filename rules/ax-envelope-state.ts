/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import envelopeState from '../functions/envelopeState';
import { RESPONSES } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-envelope-state',
  description: 'Every 409/422 state rejection declares the current state, the allowed actions and a refresh url.',
  severity: 'error',
  recommended: true,
  function: envelopeState,
  principle: {
    id: 'state-rejection',
    label: 'state rejection',
    scope: 'operations with a 409 or 422 that reports a state rejection (a state field, or "state"/"transition" in its description)',
    applies: { responses: RESPONSES['ax-envelope-state'], holds: 'state rejection' },
    fixSite: 'error schema',
    fix: 'declare `currentState`, `allowedActions` and `refreshUrl`',
  },
});
