import type { ZxcvbnResult } from '@zxcvbn-ts/core';

type Checker = (password: string, userInputs?: string[]) => ZxcvbnResult;
let checker: Promise<Checker> | null = null;

/** Loads zxcvbn-ts with its English and common dictionaries on first use (they are large, so not in the main bundle). */
export function loadStrengthChecker(): Promise<Checker> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, en]) => {
    const factory = new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    });
    return (password: string, userInputs?: string[]) => factory.check(password, userInputs);
  });
  return checker;
}
