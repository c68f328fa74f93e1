import { describe, expect, it } from 'vitest';
import { routeLayout } from './route-layout';

const size = { width: 100, height: 60, padding: 10 };

describe('routeLayout', () => {
  it('spaces stops evenly on a line when a stop has no coordinates', () => {
    const layout = routeLayout(
      [
        { name: 'A', lat: 40, lng: 49 },
        { name: 'B', lat: null, lng: null },
        { name: 'C', lat: null, lng: null },
      ],
      size,
    );
    expect(layout.mode).toBe('even');
    expect(layout.stops).toEqual([
      { name: 'A', x: 10, y: 30 },
      { name: 'B', x: 50, y: 30 },
      { name: 'C', x: 90, y: 30 },
    ]);
  });

  it('places stops by their coordinates, north up, one scale for both axes', () => {
    const layout = routeLayout(
      [
        { name: 'A', lat: 40, lng: 49 },
        { name: 'B', lat: 40.5, lng: 49.5 },
        { name: 'C', lat: 40, lng: 50 },
      ],
      size,
    );
    expect(layout.mode).toBe('coordinates');
    // Width 80 for 1 degree, height 40 for 0.5 degree: the scale is 80 a degree either way.
    expect(layout.stops).toEqual([
      { name: 'A', x: 10, y: 50 },
      { name: 'B', x: 50, y: 10 },
      { name: 'C', x: 90, y: 50 },
    ]);
  });

  it('puts one stop in the middle and draws nothing for none', () => {
    expect(routeLayout([{ name: 'A', lat: null, lng: null }], size).stops).toEqual([{ name: 'A', x: 50, y: 30 }]);
    expect(routeLayout([], size).stops).toEqual([]);
  });

  it('spaces evenly stops that all share one place', () => {
    const same = { lat: 40, lng: 49 };
    expect(
      routeLayout(
        [
          { name: 'A', ...same },
          { name: 'B', ...same },
        ],
        size,
      ).stops.map((s) => s.x),
    ).toEqual([10, 90]);
  });
});
