import { describe, expect, it } from 'vitest';
import { noteReadPosition, takeReadPosition } from './read-position';

describe('the reads’ live position', () => {
  it('keeps the oldest position of the first process, and forgets it once a stream took it', () => {
    expect(takeReadPosition()).toBeNull();
    noteReadPosition('boot1.7');
    noteReadPosition('boot1.5');
    noteReadPosition('boot1.9');
    noteReadPosition('boot2.1');
    noteReadPosition('not a position');
    noteReadPosition(null);
    expect(takeReadPosition()).toBe('boot1.5');
    expect(takeReadPosition()).toBeNull();
    noteReadPosition('boot2.3');
    expect(takeReadPosition()).toBe('boot2.3');
  });
});
