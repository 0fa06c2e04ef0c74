import { PROBLEM_REPORT_MAX } from '@qbank/contract';

/** The report's one field as the dialog checks it before sending (the server checks the same: body). */
export function problemReportError(body: string): string | null {
  const text = body.trim();
  if (text === '') return 'Describe the problem: what is wrong with this question?';
  if (text.length > PROBLEM_REPORT_MAX)
    return `The description must be at most ${PROBLEM_REPORT_MAX} characters`;
  return null;
}
