import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MentorDetail, MentorInviter } from '../../../shared/schemas/mentors';
import { sessionQuery } from '../../lib/session';
import { renderRoutes, signedInAs } from '../../test/render';
import { MentorDetailPage } from './mentor-detail-page';
import { mentorDetailLoader } from './prefetch';
import { NO_RICHER_PROFILE } from '../../test/mentor-data';
import { DESK, deskAnswer } from '../../test/desk-data';

function detail(invitedBy: MentorInviter, extra: Partial<MentorDetail> = {}): MentorDetail {
  return {
    urlParam: 'og1',
    name: '佐藤 美咲',
    universityName: '早稲田大学',
    graduationYear: 2018,
    industry: 'IT・通信 - ソフトウェア',
    company: '株式会社みらいテクノロジーズ',
    message: '気軽に相談してください。',
    iconUrl: null,
    accepting: true,
    lastActive: 'week',
    ...NO_RICHER_PROFILE,
    userId: '00000000-0000-4000-8000-000000000001',
    faculty: null,
    contactEmail: 'og1@example.com',
    contactVisibility: 'signed_in',
    invitedBy,
    heldVisits: 0,
    employerRules: null,
    sharedNoteCount: 0,
    viewer: { favourite: false, blocked: false, openRequestId: null, visitUnavailable: null },
    ...extra,
  };
}

function renderDetail(invitedBy: MentorInviter, extra: Partial<MentorDetail> = {}) {
  return renderRoutes(
    [{ path: '/mentor/:urlParam', element: <MentorDetailPage /> }],
    '/mentor/og1',
    () => ({ status: 200, body: detail(invitedBy, extra) }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MentorDetailPage: her company', () => {
  it('links the company’s name to its page', async () => {
    renderDetail(null);
    const term = await screen.findByText('会社名・所属');
    expect(within(term.nextElementSibling as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/companies/${encodeURIComponent('株式会社みらいテクノロジーズ')}`,
    );
  });
});

describe('MentorDetailPage: who invited the alumnus', () => {
  it('shows the inviting alumnus with their graduation year', async () => {
    renderDetail({ kind: 'alumnus', name: '山田 花子', graduationYear: 2012 });
    const term = await screen.findByText('招待者');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling).toHaveTextContent('山田 花子さん（2012年卒）');
  });

  it('shows the seminar staff when an admin invited', async () => {
    renderDetail({ kind: 'staff' });
    expect((await screen.findByText('招待者')).nextElementSibling).toHaveTextContent(
      '就活ゼミ運営',
    );
  });

  it('leaves the row out when no inviter can be named', async () => {
    renderDetail(null);
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    expect(screen.queryByText('招待者')).not.toBeInTheDocument();
  });
});

describe('MentorDetailPage: the richer profile', () => {
  it('shows ふりがな, 職種, 入社年 and 相談できること when given', async () => {
    renderDetail(null, {
      nameReading: 'さとう みさき',
      jobType: 'engineering',
      joinedYear: 2018,
      topics: ['es_review', 'study_abroad'],
      topicsNote: '文系からエンジニアに。',
    });
    expect(await screen.findByText('さとう みさき')).toBeVisible();
    expect(screen.getByText('職種').nextElementSibling).toHaveTextContent('エンジニア・技術職');
    expect(screen.getByText('入社年').nextElementSibling).toHaveTextContent('2018年');
    const topics = screen.getByText('相談できること', { selector: 'dt' }).nextElementSibling!;
    expect(topics).toHaveTextContent('ES添削留学経験文系からエンジニアに。');
  });

  it('leaves out what was not given', async () => {
    renderDetail(null);
    await screen.findByRole('heading', { name: '佐藤 美咲' });
    for (const term of ['職種', '入社年', '相談できること']) {
      expect(screen.queryByText(term)).not.toBeInTheDocument();
    }
  });
});

describe('MentorDetailPage: a student stopped by no-shows', () => {
  it('says so where she would ask for a visit, with the desk to reach', async () => {
    const stopped = detail(null, {
      viewer: {
        favourite: false,
        blocked: false,
        openRequestId: null,
        visitUnavailable: 'no-show-limit',
      },
    });
    renderRoutes(
      [{ path: '/mentor/:urlParam', element: <MentorDetailPage /> }],
      '/mentor/og1',
      (url) => (url === '/api/desk' ? deskAnswer() : { status: 200, body: stopped }),
    );
    const notice = (
      await screen.findByText(/直近90日間に2回、OG訪問に来なかったとの報告が数えられたため/)
    ).parentElement!;
    expect(notice).toHaveAttribute('role', 'status');
    expect(await within(notice).findByRole('link', { name: DESK.email })).toHaveAttribute(
      'href',
      `mailto:${DESK.email}`,
    );
    expect(screen.queryByRole('link', { name: 'OG訪問を依頼する' })).toBeNull();
  });
});

describe('MentorDetailPage: the 訪問記録 that name her', () => {
  function renderAs(role: string, sharedNoteCount: number) {
    return renderRoutes(
      [{ path: '/mentor/:urlParam', element: <MentorDetailPage /> }],
      '/mentor/og1',
      (url) =>
        url.startsWith('/api/auth/session')
          ? signedInAs(role)
          : { status: 200, body: detail(null, { heldVisits: 4, sharedNoteCount }) },
    );
  }

  it('links a student to them beside the visits she held', async () => {
    renderAs('student', 3);
    const link = await screen.findByRole('link', { name: '訪問記録 3件' });
    expect(link).toHaveAttribute('href', '/visit-notes?mentor=og1');
    expect(screen.getByText('OG訪問 実施4件')).toBeVisible();
  });

  it('counts them without a link for a mentor, who does not search notes', async () => {
    const { queryClient } = renderAs('mentor', 3);
    expect(await screen.findByText('訪問記録 3件')).toBeVisible();
    // Her role is known: the count would be a link by now if it were to be one.
    await waitFor(() => expect(queryClient.getQueryData(sessionQuery.queryKey)).toBeDefined());
    expect(screen.queryByRole('link', { name: '訪問記録 3件' })).toBeNull();
  });

  it('says nothing while none is shared', async () => {
    renderAs('student', 0);
    await screen.findByText('OG訪問 実施4件');
    expect(screen.queryByText(/訪問記録/)).toBeNull();
  });
});

describe('MentorDetailPage: its data asked for by the route', () => {
  it('shows what the loader asked for, without asking again as the page mounts', async () => {
    const { fetchMock } = renderRoutes(
      (queryClient) => [
        {
          path: '/mentor/:urlParam',
          loader: mentorDetailLoader(queryClient),
          // The page's code arrives after its data, as on a first visit over a slow network.
          lazy: async () => {
            const key = ['mentors', 'detail', 'og1'];
            while (queryClient.getQueryState(key)?.status !== 'success') {
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
            return { Component: MentorDetailPage };
          },
        },
      ],
      '/mentor/og1',
      (url) =>
        url.startsWith('/api/auth/session')
          ? signedInAs('student')
          : { status: 200, body: detail({ kind: 'staff' }) },
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('佐藤 美咲');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url === '/api/mentors/og1')).toEqual(['/api/mentors/og1']);
  });
});
