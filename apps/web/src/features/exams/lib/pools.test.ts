import { describe, expect, it } from 'vitest';
import { choosePools } from './pools';

describe('choosePools', () => {
  it('ticking All clears the other pools', () => {
    expect(choosePools(['UNUSED', 'FLAGGED'], ['UNUSED', 'FLAGGED', 'ALL'])).toEqual(['ALL']);
  });

  it('ticking another pool clears All', () => {
    expect(choosePools(['ALL'], ['ALL', 'INCORRECT'])).toEqual(['INCORRECT']);
  });

  it('pools other than All combine, in the contract order', () => {
    expect(choosePools(['FLAGGED'], ['FLAGGED', 'UNUSED'])).toEqual(['UNUSED', 'FLAGGED']);
  });

  it('unticking a pool leaves the others', () => {
    expect(choosePools(['UNUSED', 'INCORRECT'], ['INCORRECT'])).toEqual(['INCORRECT']);
  });

  it('the last pool cannot be unticked', () => {
    expect(choosePools(['ALL'], [])).toEqual(['ALL']);
    expect(choosePools(['FLAGGED'], [])).toEqual(['FLAGGED']);
  });
});
