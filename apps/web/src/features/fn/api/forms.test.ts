import { describe, expect, it } from 'vitest';
import { formSearchQuery } from './forms';

describe('formSearchQuery', () => {
  it('reads letters as the series and digits as "from this number", zero-padded to 6', () => {
    expect(formSearchQuery('ab')).toEqual({ series: 'AB' });
    expect(formSearchQuery('120')).toEqual({ number_from: '000120' });
    expect(formSearchQuery(' AB 000120 ')).toEqual({ series: 'AB', number_from: '000120' });
    expect(formSearchQuery('GA12')).toEqual({ series: 'GA', number_from: '000012' });
  });

  it('asks for nothing when empty, and for a series no form has when the text is neither', () => {
    expect(formSearchQuery('  ')).toEqual({});
    expect(formSearchQuery('Əli 12')).toEqual({ series: 'ƏLI 12' });
  });
});
