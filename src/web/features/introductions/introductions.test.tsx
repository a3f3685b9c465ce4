import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IntroductionView } from '../../../shared/schemas/introductions';
import { renderApp, renderRoutes, signedInAs, type Handler } from '../../test/render';
import { IntroductionSettingsSection } from './introduction-settings';
import { introductionTextsReady } from './texts';
import { mentorCard } from '../../test/mentor-data';

/** 紹介 on screen (decision 0044): the introducer's form, the alumna's answer, the student's notice. */

const STUDENT_ID = '00000000-0000-4000-8000-000000000001';

function view(overrides: Partial<IntroductionView> = {}): IntroductionView {
  return {
    id: 'i1',
    as: 'mentor',
    status: 'pending',
    introducerName: '佐藤 花子',
    introducerRole: 'mentor',
    reason: '商社志望で、海外営業の話を聞きたがっています。',
    student: { name: '山田 太郎', university: '慶應義塾大学' },
    mentor: { name: '鈴木 葵', company: '丸紅', urlParam: 'aoi' },
    requestId: null,
    createdAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  };
}

function api(role: string, routes: Record<string, unknown>): Handler {
  return (url) => {
    if (url.includes('/api/auth/session')) return signedInAs(role);
    for (const [prefix, body] of Object.entries(routes)) {
      if (url.includes(prefix)) {
        return body instanceof Error
          ? { status: 409, body: { code: body.message, message: '' } }
          : { status: 200, body };
      }
    }
    return { status: 200, body: {} };
  };
}

describe('introducing a student', () => {
  it('finds an alumna, asks for the reason and sends the introduction', async () => {
    const { fetchMock } = renderApp(
      `/introductions/new?student=${STUDENT_ID}`,
      api('mentor', {
        '/api/introductions/students/': {
          id: STUDENT_ID,
          name: '山田 太郎',
          university: '慶應義塾大学',
        },
        '/api/mentors?': {
          items: [mentorCard('aoi', '鈴木 葵', { company: '丸紅' })],
          nextCursor: null,
          total: 1,
          totalAtLeast: false,
        },
        '/api/introductions': { id: 'i1' },
      }),
    );
    expect(await screen.findByText(/山田 太郎さん（慶應義塾大学）に合いそうな先輩/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('先輩を検索（名前・会社・業界など）'), '丸紅');
    await userEvent.click(screen.getByRole('button', { name: '検索' }));
    await userEvent.click(await screen.findByRole('button', { name: 'この先輩を選ぶ: 鈴木 葵' }));
    expect(screen.getByText('紹介する先輩：鈴木 葵さん（丸紅）')).toBeVisible();
    // No reason, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: '紹介する' }));
    expect(await screen.findByText('理由を入力してください。')).toBeVisible();
    await userEvent.type(screen.getByLabelText('紹介する理由'), '同じ業界を志望しています。');
    await userEvent.click(screen.getByRole('button', { name: '紹介する' }));
    expect(await screen.findByText(/鈴木 葵さんに紹介を送りました/)).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      studentId: STUDENT_ID,
      mentorUrlParam: 'aoi',
      reason: '同じ業界を志望しています。',
    });
  });

  it('says so when the chosen alumna takes no introductions', async () => {
    const handler: Handler = (url, init) => {
      if (init?.method === 'POST') {
        return { status: 409, body: { code: 'introduction/turned-off', message: '' } };
      }
      return api('admin', {
        '/api/introductions/students/': {
          id: STUDENT_ID,
          name: '山田 太郎',
          university: '慶應義塾大学',
        },
        '/api/mentors?': {
          items: [mentorCard('aoi', '鈴木 葵')],
          nextCursor: null,
          total: 1,
          totalAtLeast: false,
        },
      })(url, init);
    };
    renderApp(`/admin/introductions/new?student=${STUDENT_ID}`, handler);
    await userEvent.type(
      await screen.findByLabelText('先輩を検索（名前・会社・業界など）'),
      '鈴木',
    );
    await userEvent.click(screen.getByRole('button', { name: '検索' }));
    await userEvent.click(await screen.findByRole('button', { name: 'この先輩を選ぶ: 鈴木 葵' }));
    await userEvent.type(screen.getByLabelText('紹介する理由'), '理由');
    await userEvent.click(screen.getByRole('button', { name: '紹介する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'このOGは紹介を受け付けていません。',
    );
  });
});

describe('an introduction’s page', () => {
  it('lets the introduced alumna opt in, saying what it counts for', async () => {
    const { fetchMock } = renderApp(
      '/introductions/i1',
      api('mentor', {
        '/api/introductions/i1/answer': view({ status: 'opted_in' }),
        '/api/introductions/i1': view(),
      }),
    );
    expect(await screen.findByText(/佐藤 花子さんから、学生の山田 太郎さん/)).toBeVisible();
    expect(screen.getByText('商社志望で、海外営業の話を聞きたがっています。')).toBeVisible();
    expect(screen.getByText(/今月の受付件数に1件として数えられます/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: '受ける' }));
    expect(await screen.findByText(/この紹介を受けました/)).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ answer: 'opt_in' });
  });

  it('shows the student 「○○さんを紹介します」 and asks in one step, the introduction attached', async () => {
    renderApp(
      '/introductions/i1',
      api('student', {
        '/api/introductions/i1': view({
          as: 'student',
          status: 'opted_in',
          introducerRole: 'admin',
          introducerName: '',
        }),
      }),
    );
    expect(await screen.findByRole('heading', { name: '鈴木 葵さんを紹介します' })).toBeVisible();
    expect(screen.getByText(/ゼミの運営事務局から/)).toBeVisible();
    expect(screen.getByRole('link', { name: '鈴木 葵さんに依頼する' })).toHaveAttribute(
      'href',
      '/mentor/aoi/request?introduction=i1',
    );
  });
});

describe('her setting', () => {
  it('turns introductions off, saving at once', async () => {
    await introductionTextsReady();
    const { fetchMock } = renderRoutes(
      [{ path: '/', element: <IntroductionSettingsSection /> }],
      '/',
      (url, init) =>
        init?.method === 'PUT'
          ? { status: 200, body: { takesIntroductions: false } }
          : { status: 200, body: { takesIntroductions: true } },
    );
    const box = await screen.findByRole('checkbox', { name: '学生の紹介を受け付ける' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put![0]).toBe('/api/mentors/me/introductions');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ takesIntroductions: false });
  });
});
