import { onlineMessages } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { decisionProblem } from './decision-problem';

describe('decisionProblem', () => {
  it("lists a 400's messages, the detail first", () => {
    const error = new ApiError(400, {
      detail: 'Müraciət ödənişə çevrilmədi.',
      'vehicles.0': [onlineMessages.noFreeForms('10-AB-123')],
      'vehicles.1': [onlineMessages.noFreeForms('20-GA-456')],
    });
    expect(decisionProblem(error)).toEqual([
      'Müraciət ödənişə çevrilmədi.',
      onlineMessages.noFreeForms('10-AB-123'),
      onlineMessages.noFreeForms('20-GA-456'),
    ]);
  });

  it("keeps a 409's detail (decided meanwhile, no free form)", () => {
    expect(decisionProblem(new ApiError(409, { detail: onlineMessages.noFreeForms('10-AB-123') }))).toEqual([
      onlineMessages.noFreeForms('10-AB-123'),
    ]);
  });

  it('leaves a failure and an empty 400 to the toast', () => {
    expect(decisionProblem(new ApiError(500, { detail: 'boom' }))).toBeNull();
    expect(decisionProblem(new ApiError(400, {}))).toBeNull();
    expect(decisionProblem(new TypeError('Failed to fetch'))).toBeNull();
  });
});
