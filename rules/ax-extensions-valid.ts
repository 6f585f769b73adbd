/** The package's own `x-ax-*` extensions. */
import extensionsValid from '../functions/extensionsValid';
import { usingAxExtensions } from './applicability';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-extensions-valid',
  description: 'Every `x-ax-*` extension is a known one and has the type its AX definition gives.',
  severity: 'error',
  recommended: true,
  function: extensionsValid,
  principle: {
    id: 'valid-extensions',
    label: 'valid extensions',
    scope: 'operations that use an `x-ax-*` extension',
    applies: { operations: usingAxExtensions },
    fixSite: 'operation',
    fix: 'give each `x-ax-*` extension a known name and its defined type',
  },
});
