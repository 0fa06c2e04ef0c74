import type { PortableQuestion } from './types';

/** The two example questions of the CSV and XLSX templates: one in HTML, one in plain text. */
export const templateRows: PortableQuestion[] = [
  {
    name: 'Atrial fibrillation rate control',
    path: ['Cardiology', 'Arrhythmias', 'Atrial fibrillation'],
    stem: '<p>A 67-year-old man has palpitations for two days. ECG shows an irregularly irregular narrow-complex tachycardia at 142/min; blood pressure is 128/76 mm Hg. Which drug is the most appropriate first step?</p>',
    choices: [
      { text: 'Adenosine', correct: false },
      { text: 'Diltiazem', correct: true },
      { text: 'Amiodarone', correct: false },
      { text: 'Digoxin', correct: false },
      { text: 'Synchronised cardioversion', correct: false },
    ],
    explanation:
      '<p>In a haemodynamically stable patient, rate control with a non-dihydropyridine calcium channel blocker or a beta-blocker comes first. Cardioversion is for instability.</p>',
    references: ['2023 ACC/AHA/ACCP/HRS Guideline for Atrial Fibrillation'],
    reinforcements: ['Stable AF with rapid ventricular response: rate control first'],
    freeSample: true,
    media: [],
    line: 2,
  },
  {
    name: '',
    path: ['Endocrinology', 'Diabetes'],
    stem: 'Which laboratory value defines diabetic ketoacidosis?',
    choices: [
      { text: 'Glucose above 600 mg/dL', correct: false },
      { text: 'Arterial pH < 7.30 with ketonaemia', correct: true },
      { text: 'Serum osmolality above 320 mOsm/kg', correct: false },
    ],
    explanation: 'DKA: glucose > 250 mg/dL, pH < 7.30, bicarbonate < 18 mEq/L and ketones.',
    references: ['ADA Standards of Care in Diabetes', 'Kitabchi AE et al., Diabetes Care 2009'],
    reinforcements: [],
    freeSample: false,
    media: [],
    line: 3,
  },
];
