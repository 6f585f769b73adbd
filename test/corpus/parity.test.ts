/**
 * npm run test:corpus: the runtime guard and the lint on real public descriptions. Each JSON response
 * example of scripts/corpus.json is sent to the guard as the body of its response, and for every rule the
 * guard judges, the guard's verdict on the example must be the lint's on that response. The examples
 * where they differ are listed, each because the example leaves out what its schema declares.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { parse } from '@stoplight/yaml';
import ruleset from '../../ruleset';
import { checkResponse } from '../../runtime';
import { GUARDED_RULES } from '../../runtime/checks';
import { collectEdits } from '../../lib/findings/rule-function';
import { isJsonObject as isObject, onlyRequirement, resolveRef as resolve, responseKey, responsesOf } from '../support/parity';
import { toDocument } from '../support/testRule';

type Json = Record<string, unknown>;
const ROOT = join(__dirname, '..', '..');
const CORPUS = join(ROOT, '.cache', 'corpus');
const files: string[] = JSON.parse(readFileSync(join(ROOT, 'scripts', 'corpus.json'), 'utf8')).files.map((entry: { file: string }) => entry.file);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A response's JSON example (OpenAPI 3's `example` or first `examples` entry, Swagger 2's `examples`), when it is an object or array. */
function exampleOf(doc: Json, response: Json): unknown {
  const media = isObject(response.content) ? Object.entries(response.content).find(([type]) => type.includes('json'))?.[1] : undefined;
  const named = isObject(media) && isObject(media.examples) ? resolve(doc, Object.values(media.examples)[0]) : undefined;
  const example = isObject(media)
    ? (media.example ?? (isObject(named) ? named.value : undefined))
    : isObject(response.examples)
      ? response.examples['application/json']
      : undefined;
  return typeof example === 'object' && example !== null ? example : undefined;
}

/** Every disagreement on one description: "rule lint|guard method template status"; `judged` holds, per rule, the responses the lint faults. */
function disagreements(doc: Json, judged: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const [template, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    for (const method of METHODS) {
      const operation = isObject(item) ? item[method] : undefined;
      for (const [status, raw] of Object.entries(isObject(operation) && isObject(operation.responses) ? operation.responses : {})) {
        const response = resolve(doc, raw);
        const body = /^\d\d\d$/.test(status) && isObject(response) ? exampleOf(doc, response) : undefined;
        if (body === undefined) continue;
        const headers = Object.fromEntries(
          Object.keys(isObject((response as Json).headers) ? ((response as Json).headers as Json) : {}).map(name => [name, '1']),
        );
        const path = template.replace(/\{[^}]*\}/g, 'x1');
        const sent = checkResponse(doc, { method, path, status: Number(status), headers, body }).map(violation => violation.rule);
        for (const rule of GUARDED_RULES) {
          const lint = judged.get(rule)?.has(responseKey(method, template, status)) ?? false;
          if (lint !== sent.includes(rule)) found.push(`${rule} ${lint ? 'lint' : 'guard'} ${method} ${template} ${status}`);
        }
      }
    }
  }
  return found;
}

/** Where the two differ, and why: the example leaves out a member its schema declares. */
const KNOWN: Record<string, string[]> = {
  // Both examples send a message alone; the schema's `errors[]` items carry the code.
  'github.json': [
    'ax-recoverable-error-structure guard patch /repos/{owner}/{repo}/security-advisories/{ghsa_id} 422',
    'ax-recoverable-error-structure guard post /repos/{owner}/{repo}/stacks/{stack_number}/unstack 422',
  ],
  // The guard's example sends HAL `_links` (GET by convention: next calls); 1 of the schema's 5 `oneOf` shapes declares none.
  'openbankingproject-ch.json': [
    'ax-envelope-next-steps lint put /v1/consents/{consentId}/authorisations/{authorisationId} 200',
    'ax-envelope-next-steps lint put /v1/signing-baskets/{basketId}/authorisations/{authorisationId} 200',
    'ax-envelope-next-steps lint put /v1/{payment-service}/{payment-product}/{paymentId}/authorisations/{authorisationId} 200',
    'ax-envelope-next-steps lint put /v1/{payment-service}/{payment-product}/{paymentId}/cancellation-authorisations/{authorisationId} 200',
  ],
};

const describeCorpus = files.every(file => existsSync(join(CORPUS, file))) ? describe : describe.skip;

describeCorpus('the guard on each response example gives the lint verdict on its response', () => {
  const spectral = new Spectral();
  spectral.setRuleset({
    rules: Object.fromEntries(GUARDED_RULES.map(rule => [rule, { ...ruleset.rules[rule as keyof typeof ruleset.rules], recommended: true }])),
  } as RulesetDefinition);

  test.each(files)('%s', async file => {
    const text = readFileSync(join(CORPUS, file), 'utf8');
    const document = toDocument(text, `/api/${file}`);
    // Edits mode notes the responses each finding on a shared component stands for.
    const { users } = collectEdits(document);
    const findings = (await spectral.run(document)).filter(result => !onlyRequirement(result.message));
    const doc = parse(text) as Json;
    const judged = new Map(
      GUARDED_RULES.map(rule => [rule, new Set(findings.filter(result => result.code === rule).flatMap(responsesOf(doc, users.get(rule) ?? new Map())))]),
    );
    expect(disagreements(doc, judged)).toEqual(KNOWN[file] ?? []);
  });
});
