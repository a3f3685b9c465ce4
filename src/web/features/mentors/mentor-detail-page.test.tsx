import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MentorDetail, MentorInviter } from '../../../shared/schemas/mentors';
import { renderRoutes } from '../../test/render';
import { MentorDetailPage } from './mentor-detail-page';

function detail(invitedBy: MentorInviter): MentorDetail {
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
    userId: '00000000-0000-4000-8000-000000000001',
    contactEmail: 'og1@example.com',
    contactVisibility: 'signed_in',
    invitedBy,
    viewer: { favourite: false, blocked: false, openRequestId: null, visitUnavailable: null },
  };
}

function renderDetail(invitedBy: MentorInviter) {
  return renderRoutes(
    [{ path: '/mentor/:urlParam', element: <MentorDetailPage /> }],
    '/mentor/og1',
    () => ({ status: 200, body: detail(invitedBy) }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
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
