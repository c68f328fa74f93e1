import { versionMessages } from '@dnx/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { az } from '../i18n/az';
import '../i18n';
import { editConflict } from '../lib/edit-conflict';
import { StaleVersionSummary } from './stale-version-alert';

const labels: Record<string, string> = { name: 'Ad', phone: 'Telefon', note: 'Qeyd' };
const names = (fields: string[]) => fields.map((name) => labels[name]).join(', ');
const text = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

describe('the refused save of a record someone else saved (issue 56)', () => {
  it("names the fields the other person changed and the person's own typing, kept, with both choices", () => {
    const base = { name: 'Bakı', phone: '1', note: null };
    const conflict = editConflict(base, { ...base, phone: '2', note: 'mən' }, { ...base, name: 'Gəncə', phone: '3' });
    const html = renderToStaticMarkup(
      <StaleVersionSummary
        conflict={conflict}
        loading={false}
        names={names}
        onKeep={() => {}}
        onTakeTheirs={() => {}}
      />,
    );
    const shown = text(html);
    expect(shown).toContain(versionMessages.stale);
    expect(shown).toContain(az.conflict.theirs.replace('{{names}}', 'Ad, Telefon'));
    expect(shown).toContain(az.conflict.mine.replace('{{names}}', 'Telefon, Qeyd'));
    expect(shown).toContain(az.conflict.both.replace('{{names}}', 'Telefon'));
    // Keeping the typing is the first choice; taking theirs is offered too (it asks first, their typing being lost).
    expect(html).toContain('data-testid="stale-version-keep"');
    expect(html).toContain('data-testid="stale-version-reload"');
    expect(shown).toContain(az.conflict.keep);
    expect(shown).toContain(az.conflict.takeTheirs);
  });

  it('says so while the fresh record is loading, and when they changed none of the fields', () => {
    const loading = renderToStaticMarkup(
      <StaleVersionSummary conflict={null} loading names={names} onKeep={() => {}} onTakeTheirs={() => {}} />,
    );
    expect(text(loading)).toContain(versionMessages.stale);
    const base = { name: 'Bakı' };
    const none = renderToStaticMarkup(
      <StaleVersionSummary
        conflict={editConflict(base, base, base)}
        loading={false}
        names={names}
        onKeep={() => {}}
        onTakeTheirs={() => {}}
      />,
    );
    expect(text(none)).toContain(az.conflict.noneOfTheirs);
  });
});
