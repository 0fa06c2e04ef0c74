import type { Question } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { comparableSections, htmlToPlain, sideBySide } from './compare';

describe('htmlToPlain', () => {
  it('keeps the words, a line per block, entities decoded', () => {
    expect(htmlToPlain('<p>A <strong>bold</strong> &amp; brave</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'A bold & brave\none\ntwo',
    );
    expect(htmlToPlain('<p>H<sub>2</sub>O&nbsp;is&#39;t &#x41;</p>')).toBe("H2O is't A");
    expect(htmlToPlain('<table><tr><td>a</td><td>b</td></tr></table>')).toBe('a | b |');
    expect(htmlToPlain('<p><img src="/x"></p>')).toBe('[image]');
  });
});

describe('sideBySide', () => {
  it('marks removed words on the older side and added words on the newer side', () => {
    const d = sideBySide('the red fox', 'the blue fox');
    expect(d.changed).toBe(true);
    expect(d.older.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['red']);
    expect(d.newer.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['blue']);
    expect(sideBySide('same', 'same').changed).toBe(false);
  });
});

describe('comparableSections', () => {
  it('names the correct answer by its letter', () => {
    const q = {
      name: 'N',
      questionStem: '<p>S</p>',
      explanation: '',
      answerChoices: [
        { uuid: 'a', text: '<p>one</p>', explanation: '' },
        { uuid: 'b', text: '<p>two</p>', explanation: '<p>Because <b>two</b>.</p>' },
      ],
      correctAnswerChoice: 'b',
      references: ['r'],
      reinforcements: [],
    } as unknown as Question;
    const s = Object.fromEntries(comparableSections(q).map((x) => [x.label, x.text]));
    expect(s.Choices).toBe('A. one\nB. two');
    expect(s['Correct answer']).toBe('B. two');
    // Only the choices that have their own explanation are listed, by letter.
    expect(s['Choice explanations']).toBe('B. Because two.');
  });
});
