import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyPage as CompanyPageData } from '../../../shared/schemas/companies';
import type { MentorCard } from '../../../shared/schemas/mentors';
import { setLanguage } from '../../i18n';
import { mentorCard } from '../../test/mentor-data';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { notePage, sharedNote } from '../../test/shared-note-data';
import { CompanyPage } from './company-page';
import { companyTextsReady } from './texts';

const COMPANY = '株式会社みらいテクノロジーズ';

const card = (urlParam: string, name: string, extra: Partial<MentorCard> = {}) =>
  mentorCard(urlParam, name, { company: COMPANY, ...extra });

function renderCompany(
  answer: Answer,
  path = `/companies/${encodeURIComponent('みらいテクノロジーズ')}`,
) {
  return renderRoutes(
    [
      { path: '/companies/:name', element: <CompanyPage /> },
      { path: '/mentor/:urlParam', element: <p>her page</p> },
      { path: '/visit-notes', element: <p>the search</p> },
    ],
    path,
    (url): Answer => {
      if (url.startsWith('/api/auth/session')) return signedInAs('student');
      if (url.startsWith('/api/companies/')) return answer;
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

const page = (extra: Partial<CompanyPageData> = {}): Answer => ({
  status: 200,
  body: {
    name: COMPANY,
    mentors: [
      card('og1', '佐藤 美咲', { earliestSlot: '2099-12-03T01:00:00.000Z' }),
      card('og2', '鈴木 彩', { accepting: false }),
    ],
    notes: notePage([sharedNote()]),
    ...extra,
  } satisfies CompanyPageData,
});

// The page's texts come with the page (the router waits for them), as in the app.
beforeAll(() => companyTextsReady());

afterEach(async () => {
  await setLanguage('ja');
});

describe('CompanyPage', () => {
  it('shows its alumni as the list does, with their earliest slot, and the notes about it', async () => {
    const { fetchMock } = renderCompany(page());
    expect(await screen.findByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).includes('companies'))![0])).toBe(
      `/api/companies/${encodeURIComponent('みらいテクノロジーズ')}`,
    );
    const mentors = screen.getByRole('region', { name: /この会社のOG/ });
    const first = within(mentors).getByRole('heading', { name: '佐藤 美咲' }).closest('a')!;
    expect(first).toHaveAttribute('href', '/mentor/og1');
    expect(first).toHaveTextContent('最短');
    // Her card does not link back to the page it is on.
    expect(within(mentors).queryByRole('link', { name: /この会社のOG・訪問記録/ })).toBeNull();
    const notes = screen.getByRole('region', { name: 'この会社の訪問記録' });
    expect(within(notes).getByRole('link', { name: COMPANY })).toHaveAttribute(
      'href',
      '/visit-notes/note-1',
    );
  });

  it('links to every note in the search when there are more than a page', async () => {
    renderCompany(page({ notes: notePage([sharedNote()], { nextCursor: 'c', total: 31 }) }));
    const all = await screen.findByRole('link', { name: 'この会社の訪問記録をすべて見る（31件）' });
    await userEvent.click(all);
    expect(await screen.findByText('the search')).toBeVisible();
  });

  it('shows an alumna no notes section (she does not search them)', async () => {
    renderCompany(page({ notes: null }));
    await screen.findByRole('heading', { level: 1, name: COMPANY });
    expect(screen.queryByRole('region', { name: 'この会社の訪問記録' })).toBeNull();
  });

  it('says politely that an unknown company is not found, with a way back', async () => {
    renderCompany({ status: 404, body: { code: 'company/not-found', message: '' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'この会社のOGや訪問記録は見つかりませんでした。',
    );
    expect(screen.getByRole('link', { name: 'OG一覧へ' })).toHaveAttribute('href', '/mentors-list');
  });

  it('speaks English', async () => {
    await setLanguage('en');
    renderCompany(page());
    expect(await screen.findByRole('heading', { name: 'Mentors at this company 2' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Visit notes on this company' })).toBeVisible();
  });
});
