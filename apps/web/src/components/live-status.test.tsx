import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { az } from '../i18n/az';
import '../i18n';
import { LiveStatusView } from './live-status';

/** The words a reader is shown: the visible ones only (an unshown word keeps its space, hidden from everyone). */
function shownWords(html: string): string {
  return html
    .replace(/<span[^>]*live-status-unshown[^>]*>[^<]*<\/span>/g, '')
    .replace(/<[^>]*>/g, '')
    .trim();
}

describe('the live state in the header', () => {
  it('says nothing while a fresh session makes its first connection', () => {
    const html = renderToStaticMarkup(<LiveStatusView status="connecting" />);
    expect(shownWords(html)).toBe('');
    expect(html).not.toContain(`title="${az.live.reconnectingHint}"`);
  });

  it('says live once the stream is open, and reconnecting only after a drop', () => {
    expect(shownWords(renderToStaticMarkup(<LiveStatusView status="live" />))).toBe(az.live.live);
    expect(shownWords(renderToStaticMarkup(<LiveStatusView status="reconnecting" />))).toBe(az.live.reconnecting);
  });

  it('keeps both words in the box in every state, so a change of state moves nothing', () => {
    for (const status of ['connecting', 'live', 'reconnecting'] as const) {
      const html = renderToStaticMarkup(<LiveStatusView status={status} />);
      expect(html).toContain(az.live.live);
      expect(html).toContain(az.live.reconnecting);
    }
  });
});
