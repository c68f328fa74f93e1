import type { InspectCheck } from '@dnx/shared';

export const locationKey = 'dnx-inspect-location';

/**
 * The position when the inspector allowed it (the switch on and the browser's permission), else null: degrees as
 * decimal strings of 7 places (about a centimetre), the accuracy in whole metres, as the API takes them.
 */
export function currentLocation(): Promise<InspectCheck['location']> {
  if (localStorage.getItem(locationKey) !== '1' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lat: p.coords.latitude.toFixed(7),
          lon: p.coords.longitude.toFixed(7),
          accuracy: Math.round(p.coords.accuracy),
        }),
      () => resolve(null),
      { timeout: 5_000, maximumAge: 60_000 },
    );
  });
}

/** Whether the inspector allowed their position to go with each check. */
export const sharesLocation = () => localStorage.getItem(locationKey) === '1';

export const setShareLocation = (share: boolean) => localStorage.setItem(locationKey, share ? '1' : '0');
