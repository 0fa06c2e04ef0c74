import { PROBLEM_REPORT_MAX } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { problemReportError } from './problem-report';

describe('a problem report before it is sent', () => {
  it('needs a description, at most the limit once trimmed', () => {
    expect(problemReportError('')).toMatch(/^Describe the problem/);
    expect(problemReportError(' \n ')).toMatch(/^Describe the problem/);
    expect(problemReportError('x'.repeat(PROBLEM_REPORT_MAX + 1))).toMatch(/at most 2000 characters$/);
    expect(problemReportError(` ${'x'.repeat(PROBLEM_REPORT_MAX)} `)).toBeNull();
    expect(problemReportError('Choice C is also right')).toBeNull();
  });
});
