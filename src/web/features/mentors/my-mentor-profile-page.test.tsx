import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import type { MentorVisitNotes, VisitNote } from '../../../shared/schemas/visit-notes';
import { renderApp, signedInAs, type Answer } from '../../test/render';
import { ownMentorProfile } from '../../test/mentor-data';

const PROFILE: MentorProfile = ownMentorProfile();

const OFFERED = { id: 'n1', sharing: 'offered' } as VisitNote;

const NOT_FOUND: Answer = { status: 404, body: { code: 'not-found', message: '' } };

function renderProfile(notes: MentorVisitNotes | null, role = 'mentor', path = '/mentor-profile') {
  return renderApp(path, (url) => {
    if (url === '/api/auth/session') return signedInAs(role);
    if (url === '/api/mentors/me') return { status: 200, body: PROFILE };
    if (url === '/api/visit-notes/about-me' && notes) return { status: 200, body: notes };
    return NOT_FOUND;
  });
}

async function notesSection() {
  return within(await screen.findByRole('region', { name: '訪問記録' }));
}

describe('訪問記録 on her profile', () => {
  it('says her year’s count and opens her notes', async () => {
    const user = userEvent.setup();
    const { router } = renderProfile({ lastYearCount: 3, items: [] });
    const section = await notesSection();
    const link = await section.findByRole('link', { name: 'この1年で 3 件の訪問記録' });
    expect(section.queryByText(/確認を待っている/)).toBeNull();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentor-profile/visit-notes'));
  });

  it('still leads to her notes with none counted, and says when some wait for her', async () => {
    renderProfile({ lastYearCount: 0, items: [OFFERED, { ...OFFERED, id: 'n2' }] });
    const section = await notesSection();
    expect(await section.findByText('あなたの確認を待っている記録が 2 件あります。')).toBeVisible();
    expect(section.getByRole('link', { name: '訪問記録を見る' })).toHaveAttribute(
      'href',
      '/mentor-profile/visit-notes',
    );
  });

  it('keeps the link when the count cannot be read', async () => {
    renderProfile(null);
    const section = await notesSection();
    expect(section.getByRole('link', { name: '訪問記録を見る' })).toBeVisible();
  });

  it('is not shown to an alumna awaiting approval', async () => {
    // Her profile is shown on /profile until an admin approves her.
    renderProfile({ lastYearCount: 3, items: [] }, 'mentor_pending', '/profile');
    expect(await screen.findByRole('heading', { name: 'OGプロフィール', level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: '訪問記録' })).toBeNull();
  });
});
