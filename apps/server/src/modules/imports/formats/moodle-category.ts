/** Moodle's category paths, shared by GIFT's $CATEGORY and Moodle XML's category questions. */

/**
 * "$course$/top/Cardiology/Arrhythmias" → ["Cardiology", "Arrhythmias"]. The context token ($course$,
 * $system$, $module$, $cat1$…) and Moodle's "top" are not the product's tree; Moodle escapes a "/" inside a
 * name as "//". Deeper trees keep their last three names, the levels nearest the question.
 */
export function readCategoryPath(text: string): string[] {
  const names = text
    .trim()
    .split(/(?<!\/)\/(?!\/)/)
    .map((name) => name.replace(/\/\//g, '/').trim())
    .filter((name) => name !== '');
  if (names[0] && /^\$[a-z0-9]+\$$/i.test(names[0])) names.shift();
  if (names[0]?.toLowerCase() === 'top') names.shift();
  return names.slice(-3);
}

export function writeCategoryPath(path: string[]): string {
  return ['$course$', 'top', ...path.map((name) => name.replace(/\//g, '//'))].join('/');
}
