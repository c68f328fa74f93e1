/**
 * Where each stop sits in the route's drawing: by its coordinates when every stop has them (longitude to the
 * right, latitude up, one scale for both so the shape is true), else evenly spaced on a line.
 */

export interface LayoutStop {
  name: string;
  /** Degrees; the drawing needs no exactness. */
  lat: number | null;
  lng: number | null;
}

export interface PlacedStop {
  name: string;
  x: number;
  y: number;
}

export interface RouteLayout {
  stops: PlacedStop[];
  /** By coordinates, or evenly spaced because some stop has none. */
  mode: 'coordinates' | 'even';
}

export const drawingSize = { width: 600, height: 200, padding: 30 };

export function routeLayout(points: readonly LayoutStop[], size = drawingSize): RouteLayout {
  const { width, height, padding } = size;
  const inner = { width: width - 2 * padding, height: height - 2 * padding };
  const located = points.every((p) => p.lat !== null && p.lng !== null);
  if (located && points.length > 1) {
    const lats = points.map((p) => p.lat!);
    const lngs = points.map((p) => p.lng!);
    const [minLat, maxLat, minLng, maxLng] = [
      Math.min(...lats),
      Math.max(...lats),
      Math.min(...lngs),
      Math.max(...lngs),
    ];
    const spanLat = maxLat - minLat;
    const spanLng = maxLng - minLng;
    const scale = Math.min(
      spanLng > 0 ? inner.width / spanLng : Infinity,
      spanLat > 0 ? inner.height / spanLat : Infinity,
    );
    if (Number.isFinite(scale)) {
      // Centred in the frame whichever side the shape fills.
      const offsetX = padding + (inner.width - spanLng * scale) / 2;
      const offsetY = padding + (inner.height - spanLat * scale) / 2;
      return {
        mode: 'coordinates',
        stops: points.map((p) => ({
          name: p.name,
          x: round(offsetX + (p.lng! - minLng) * scale),
          y: round(offsetY + (maxLat - p.lat!) * scale),
        })),
      };
    }
  }
  const step = points.length > 1 ? inner.width / (points.length - 1) : 0;
  return {
    mode: located ? 'coordinates' : 'even',
    stops: points.map((p, i) => ({
      name: p.name,
      x: round(points.length > 1 ? padding + i * step : width / 2),
      y: height / 2,
    })),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
