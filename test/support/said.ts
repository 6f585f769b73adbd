/**
 * What a rule says of an error schema's problem, as data (lib/errors/error-bodies.ts, `describeViews`): on the
 * operation's response (`schemaProblem`, naming the schema) or on a shared component (`componentProblem`).
 */
type Concept = string | string[];
type Phrase = string | { messageId: string; data: object };

/** The words of the problem; `concept` what it finds missing; `shapes` the oneOf/anyOf shapes it concerns, when not all. */
interface Problem {
  concept?: Concept;
  shapes?: Phrase;
}

const problemData = (what: Phrase, fix: Phrase, { concept, shapes = '' }: Problem) => ({ what, shapes, fix, ...(concept === undefined ? {} : { concept }) });

export const schemaProblem = (what: Phrase, fix: Phrase, problem: Problem & { schema?: string } = {}) => ({
  messageId: 'schemaProblem',
  data: { schema: problem.schema ?? 'the error schema', ...problemData(what, fix, problem) },
});

export const componentProblem = (what: Phrase, fix: Phrase, problem: Problem = {}) => ({
  messageId: 'componentProblem',
  data: problemData(what, fix, problem),
});
