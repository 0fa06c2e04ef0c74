import type { PortableQuestion } from './types';

/** The subject, category and subcategory the template's examples are filed under. */
export type TemplatePlace = [subject: string, category: string, subcategory: string];

/**
 * The two example questions of the CSV and XLSX templates, one in HTML and one in plain text, filed under
 * `place`: a place of the bank's own tree (the importer picks it), so the template fits any subject and a
 * writer's file names a place that exists. The examples say what goes in each column rather than teach a
 * subject.
 */
export function templateRows(place: TemplatePlace): PortableQuestion[] {
  const path = [...place];
  return [
    {
      name: 'Example in HTML',
      path,
      stem: '<p>Write the question here. It may be <b>HTML</b>, as in this row, or plain text, as in the next one.</p>',
      choices: [
        {
          text: 'A wrong answer',
          correct: false,
          explanation: '<p>Optional: why choice A is wrong, in the explanation_a column.</p>',
        },
        {
          text: 'The right answer: its letter, B, is in the correct column',
          correct: true,
          explanation:
            '<p>Optional: why choice B is right. Each choice may have one, explanation_a to explanation_j.</p>',
        },
        { text: 'Another wrong answer', correct: false },
        { text: 'Up to ten choices, A to J, filled in order', correct: false },
      ],
      explanation: '<p>Why the right answer is right, shown after answering.</p>',
      references: ['A source for the answer', 'Another source'],
      reinforcements: ['A key point to remember'],
      freeSample: true,
      media: [],
      line: 2,
    },
    {
      name: '',
      path,
      stem: 'A question in plain text: < and & stay as typed. The name column may stay empty.',
      choices: [
        { text: 'The right answer', correct: true },
        { text: 'A wrong answer', correct: false },
      ],
      explanation: 'The explanation may be plain text too.',
      references: [],
      reinforcements: [],
      freeSample: false,
      media: [],
      line: 3,
    },
  ];
}
