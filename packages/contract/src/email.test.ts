import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailField, firstNameField, passwordField } from './accounts';
import { emailProblem, hasInvisible, isBlank, isValidEmail, normalizeEmail } from './email';

describe('e-mail addresses: one account per mailbox', () => {
  it('folds full-width and compatibility letters (NFKC) and case into one form', () => {
    expect(normalizeEmail(' ｌearner@example.com ')).toBe('learner@example.com');
    expect(normalizeEmail('ＬＥＡＲＮＥＲ＠ＥＸＡＭＰＬＥ．ＣＯＭ')).toBe('learner@example.com');
    expect(normalizeEmail('Learner@Example.COM')).toBe('learner@example.com');
  });

  it('refuses invisible characters: zero-width, joiners, bidi controls, soft hyphen, BOM', () => {
    for (const ch of [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u202e',
      '\u2066',
      '\u180e',
    ])
      expect(emailProblem(`lea${ch}rner@example.com`), JSON.stringify(ch)).toMatch(/invisible/);
  });

  it('refuses Latin mixed with Cyrillic or Greek in one label, accepts one alphabet per label', () => {
    expect(emailProblem('lеarner@example.com')).toMatch(/mix alphabets/); // Cyrillic е
    expect(emailProblem('learner@exаmple.com')).toMatch(/mix alphabets/); // Cyrillic а
    expect(emailProblem('lοgin@example.com')).toMatch(/mix alphabets/); // Greek ο
    expect(emailProblem('иван@пример.рф')).toBeNull();
    expect(emailProblem('ivan@пример.рф')).toBeNull(); // each label one alphabet
    expect(emailProblem('müller@example.de')).toBeNull();
  });

  it('refuses what mail servers refuse: empty parts between dots, dots at the ends, labels edged with -', () => {
    for (const bad of [
      'foo@example..com',
      '.foo@example.com',
      'foo.@example.com',
      'fo..o@example.com',
      'foo@.example.com',
      'foo@example.com.',
      'foo@-example.com',
      'foo@example-.com',
      'foo@example',
      '@example.com',
      'foo@',
      'a@b@example.com',
      'foo bar@example.com',
      'foo@example.c',
      `${'a'.repeat(65)}@example.com`,
    ])
      expect(emailProblem(bad), bad).toBe('must be a valid e-mail address');
    for (const good of [
      'a@example.com',
      'first.last+tag@sub.example.co.uk',
      'x_y-z@my-host.io',
      'a@xn--80ak6aa92e.com',
    ])
      expect(emailProblem(good), good).toBeNull();
  });

  it('the schema stores the normalized form and names its problem', () => {
    expect(emailField().parse(' ｌearner@Example.com')).toBe('learner@example.com');
    const r = emailField().safeParse('lea\u200brner@example.com');
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('Email address must not contain invisible characters');
    expect(emailField().safeParse('foo@example..com').success).toBe(false);
  });

  it('names made only of invisible characters or white space are refused; a password of only spaces too', () => {
    for (const blank of ['\u200b', '\u200b\u200c ', '\u3164', '\u00a0\u2003', '\ufeff'])
      expect(firstNameField.safeParse(blank).success, JSON.stringify(blank)).toBe(false);
    expect(firstNameField.parse(' Ada ')).toBe('Ada');
    expect(passwordField().safeParse('          ').success).toBe(false);
    expect(passwordField().safeParse('  a  long  pass  ').success).toBe(true);
  });

  it('properties: normalizing is idempotent; an accepted address has no invisible character and stays accepted', () => {
    const part = fc.string({
      unit: fc.constantFrom(...'abcxyz.-_+ｌＡ\u200bеο@'),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(part, part, fc.constantFrom('com', 'org', 'рф'), (local, host, tld) => {
        const typed = `${local}@${host}.${tld}`;
        const n = normalizeEmail(typed);
        expect(normalizeEmail(n)).toBe(n);
        if (isValidEmail(typed)) {
          expect(hasInvisible(n)).toBe(false);
          const [local = '', domain = ''] = [n.slice(0, n.lastIndexOf('@')), n.slice(n.lastIndexOf('@') + 1)];
          expect(local).not.toMatch(/\.\.|^\.|\.$/);
          expect(domain).not.toMatch(/\.\.|^[.-]|[.-]$|-\.|\.-/);
          expect(isValidEmail(n)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(' ', '\u200b', '\u200d', '\u3164', '\t', '\u00a0') }),
        (s) => {
          expect(isBlank(s)).toBe(true);
        },
      ),
    );
  });
});
