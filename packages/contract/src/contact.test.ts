import { describe, expect, it } from 'vitest';
import { contactFailureMessage, contactMessageBody, subjectFromQuery } from './contact';

describe('contact rules (SPEC §5)', () => {
  it('presets the subject from the query only for the four subjects', () => {
    expect(subjectFromQuery('SALES')).toBe('SALES');
    expect(subjectFromQuery('SUPPORT')).toBe('SUPPORT');
    expect(subjectFromQuery('sales')).toBe('OTHER');
    expect(subjectFromQuery('HACK')).toBe('OTHER');
    expect(subjectFromQuery(null)).toBe('OTHER');
  });
  it('requires names, e-mail and description; the subject defaults to OTHER', () => {
    const ok = contactMessageBody.parse({
      firstName: 'A',
      lastName: 'B',
      emailAddress: 'A@Example.com',
      description: ' hi ',
    });
    expect(ok).toEqual({
      firstName: 'A',
      lastName: 'B',
      emailAddress: 'a@example.com',
      contactUsSubject: 'OTHER',
      description: 'hi',
    });
    for (const field of ['firstName', 'lastName', 'emailAddress', 'description']) {
      const r = contactMessageBody.safeParse({
        firstName: 'A',
        lastName: 'B',
        emailAddress: 'a@b.co',
        description: 'x',
        [field]: '  ',
      });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual([field]);
    }
    expect(
      contactMessageBody.safeParse({
        firstName: 'A',
        lastName: 'B',
        emailAddress: 'not-an-email',
        description: 'x',
      }).success,
    ).toBe(false);
  });
  it('words the failure message with the address', () => {
    expect(contactFailureMessage('s@x.com')).toBe(
      'Something went wrong - please contact us directly at s@x.com',
    );
  });
});
