import Bowser from 'bowser';

/** A User-Agent as a person reads it: "Chrome 130, Windows 10"; empty when there is none. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return '';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return [browser, system].filter(Boolean).join(', ') || userAgent.slice(0, 80);
}
