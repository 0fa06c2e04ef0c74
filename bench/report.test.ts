import { describe, expect, it } from 'vitest';
import { mergeSection, parseReport, renderReport, type SectionData, splitRow } from './report';

const HEAD = ['scenario', 'p50 ms'];
const old: SectionData = {
  head: HEAD,
  rows: [
    ['bare', '1', 'run A'],
    ['health', '2', 'run A'],
    ['store', '3', 'run B'],
  ],
  runs: new Map([
    ['run A', 'machine A'],
    ['run B', 'machine B'],
  ]),
};

describe('mergeSection', () => {
  it('replaces the rows a run measured where they stand and keeps the others', () => {
    const s = mergeSection(old, { head: HEAD, rows: [['health', '20']], run: 'run C', about: 'machine C' });
    expect(s.rows).toEqual([
      ['bare', '1', 'run A'],
      ['health', '20', 'run C'],
      ['store', '3', 'run B'],
    ]);
    expect([...s.runs]).toEqual([
      ['run A', 'machine A'],
      ['run C', 'machine C'],
      ['run B', 'machine B'],
    ]);
  });

  it('drops the line of a run no row names any more', () => {
    const s = mergeSection(old, {
      head: HEAD,
      rows: [
        ['bare', '10'],
        ['health', '20'],
      ],
      run: 'run C',
      about: 'machine C',
    });
    expect([...s.runs.keys()]).toEqual(['run C', 'run B']);
  });

  it('puts a new row after the run’s previous one, or last', () => {
    const s = mergeSection(old, {
      head: HEAD,
      rows: [
        ['new first', '9'],
        ['bare', '10'],
        ['new after bare', '11'],
      ],
      run: 'run C',
      about: 'machine C',
    });
    expect(s.rows.map((r) => r[0])).toEqual(['bare', 'new after bare', 'health', 'store', 'new first']);
  });

  it('fits the kept rows to a head with another number of columns', () => {
    const s = mergeSection(old, {
      head: [...HEAD, 'p99 ms'],
      rows: [['bare', '1', '5']],
      run: 'run C',
      about: 'machine C',
    });
    expect(s.rows[1]).toEqual(['health', '2', '—', 'run A']);
  });

  it('starts a section from nothing', () => {
    const s = mergeSection(undefined, { head: HEAD, rows: [['bare', '1']], run: 'run C', about: 'm' });
    expect(s.rows).toEqual([['bare', '1', 'run C']]);
  });
});

describe('renderReport and parseReport', () => {
  it('read back what they wrote, a | inside a cell included', () => {
    const api: SectionData = {
      head: HEAD,
      rows: [['a | b', '1', '2026-11-27 10:00 UTC, abc1234+dirty']],
      runs: new Map([['2026-11-27 10:00 UTC, abc1234+dirty', 'Xeon × 2 CPUs; 5 s per run']]),
    };
    const text = renderReport({ api });
    expect(text).toMatch(/^# Benchmarks\n/);
    expect(text).toContain('not edited by hand');
    expect(text).toContain('Not measured yet.');
    expect(parseReport(text)).toEqual({ api });
  });

  it('splits a table line into its cells', () => {
    expect(splitRow('| a | b \\| c | 3 |')).toEqual(['a', 'b | c', '3']);
  });
});
