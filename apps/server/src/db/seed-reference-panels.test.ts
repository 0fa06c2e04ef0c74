import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../lib/rich-text';
import { demoReferencePanel } from './seed-reference-panels';

describe('demo reference panels', () => {
  it('are stored as the sanitiser would store an admin’s save', () => {
    for (const category of ['PHYSICIAN', 'NURSING', 'ACCOUNTING']) {
      const html = demoReferencePanel(category);
      expect(html).toContain('<table>');
      expect(sanitizeRichText(html)).toBe(html);
    }
    expect(demoReferencePanel('SPECIAL')).toBe('');
  });
});
