/** The names a solution (or a piece of one) goes by, in this product or in a careless new field. */
export const SOLUTION_KEYS = new Set([
  'correctAnswerChoice',
  'correctChoice',
  'correctChoiceId',
  'explanation',
  'explanations',
  'explanationMediaUrls',
  'explanationMedia',
  'references',
  'reinforcements',
  'solution',
  'correct',
  'isCorrect',
  'choiceShares',
  'choiceExplanations',
]);

/**
 * Every place in a JSON value where a key names a solution, as a path ($.content[0].explanation). With
 * `ignoreNull`, a key whose value is null is its absence (the exam screen's `solution: null`).
 */
export function solutionKeysIn(value: unknown, opts: { ignoreNull?: boolean } = {}, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => solutionKeysIn(v, opts, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SOLUTION_KEYS.has(k) && !(opts.ignoreNull && v === null) ? [`${at}.${k}`] : []),
    ...solutionKeysIn(v, opts, `${at}.${k}`),
  ]);
}

/** Every key of a question as a learner reads it (GET questions/{id}, browsing a bank), sorted. */
export const LEARNER_VIEW_KEYS = [
  'answerChoices',
  'name',
  'productUuid',
  'questionStem',
  'stemMediaUrls',
  'subcategoryUuid',
  'uuid',
  'version',
  'view',
];
