/** The package's own `x-ax-*` extensions. */
import exemptionReason from '../functions/exemptionReason';
import { EXEMPT_EXTENSION } from '../lib/rules/rule-function';
import { declaring } from './applicability';
import { declareRule } from './declaration';

/** Built with the ids of every rule (rules/index.ts hands them over): the one rule that must know all the others. */
export default (ruleIds: () => readonly string[]) =>
  declareRule({
    id: 'ax-exemption-reason',
    description: 'Every `x-ax-exempt` entry names a rule of this package and gives a reason of at least three words.',
    severity: 'error',
    recommended: true,
    function: exemptionReason(ruleIds),
    principle: {
      id: 'exemption-reasons',
      label: 'exemption reasons',
      scope: 'operations that declare `x-ax-exempt`',
      applies: { operations: declaring(EXEMPT_EXTENSION) },
      fixSite: 'operation',
      fix: 'name a rule of this package and give a reason in each `x-ax-exempt` entry',
    },
  });
