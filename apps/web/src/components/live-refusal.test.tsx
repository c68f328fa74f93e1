import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { az } from '../i18n/az';
import '../i18n';
import { LiveRefusalView } from './live-refusal';

describe('a refused live stream in the header (issue 56)', () => {
  it("shows the server's reason and when the tab tries again, never 'reconnecting'", () => {
    const detail = 'Bu qədər açıq səkmədən canlı yeniləmə gedə bilməz: bəzi səkmələri bağlayın.';
    const html = renderToStaticMarkup(<LiveRefusalView refusal={{ detail, retryAt: 17_000, waitSeconds: 7 }} />);
    expect(html).toContain(az.live.refused);
    expect(html).toContain(detail);
    expect(html).toContain(az.live.refusedRetry.replace('{{seconds}}', '7'));
    expect(html).not.toContain(az.live.reconnecting);
  });

  it('shows nothing while the stream is not refused', () => {
    expect(renderToStaticMarkup(<LiveRefusalView refusal={null} />)).toBe('');
  });
});
