import { describe, expect, it } from 'vitest';
import { noteReadPosition, takeReadPosition } from './read-position';

describe('the reads’ live position', () => {
  it('keeps the positions of the first process for the server to pick the oldest, and forgets them once taken', () => {
    expect(takeReadPosition()).toBeNull();
    noteReadPosition('boot1.Qk9f');
    noteReadPosition('boot1.a_1-');
    noteReadPosition('boot2.zz');
    noteReadPosition('not a position');
    noteReadPosition(null);
    expect(takeReadPosition()).toBe('boot1.Qk9f boot1.a_1-');
    expect(takeReadPosition()).toBeNull();
    noteReadPosition('boot2.x3');
    expect(takeReadPosition()).toBe('boot2.x3');
  });

  it('sends at most 16 positions (what the server reads of a resume)', () => {
    for (let i = 0; i < 30; i += 1) noteReadPosition(`boot3.t${i}`);
    expect(takeReadPosition()!.split(' ')).toHaveLength(16);
  });
});
