import { describe, expect, it } from 'vitest';
import { busRoutePointsFromText, busRoutePointsText } from './columns';

describe('bus route stops in a cell', () => {
  it('writes one stop a line, with its coordinates when it has both, and reads them back', () => {
    const points = [
      { name: 'Avtovağzal', lat: '40.6828', lng: '46.3606' },
      { name: 'Bazar (köhnə), mərkəz', lat: null, lng: null },
      { name: 'Son', lat: '-1.5', lng: '120' },
    ];
    const text = busRoutePointsText(points);
    expect(text).toBe('Avtovağzal (40.6828, 46.3606)\nBazar (köhnə), mərkəz\nSon (-1.5, 120)');
    expect(busRoutePointsFromText(text)).toEqual(points);
  });

  it('reads what a person types: Windows line ends, blank lines, a comma decimal and a semicolon between', () => {
    expect(busRoutePointsFromText('A (40,5; 49,8)\r\n\r\n  B  \n')).toEqual([
      { name: 'A', lat: '40,5', lng: '49,8' },
      { name: 'B', lat: null, lng: null },
    ]);
  });
});
