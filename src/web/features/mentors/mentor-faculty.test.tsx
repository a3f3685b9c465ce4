import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../i18n';
import { bookableMentor } from '../../test/book-slot-data';
import { ownMentorProfile } from '../../test/mentor-data';
import { renderRoutes, type Handler } from '../../test/render';
import { MentorDetailPage } from './mentor-detail-page';
import { MentorProfileEditPage } from './mentor-profile-edit-page';
import { reasonText } from './recommendation-reason';
import { recommendationTextsReady } from './recommendation-texts';

/** 学部 on an alumna's profile (issue 57): her form's optional field, her page's row. */

const UNIVERSITIES = [{ id: 'keio', name: '慶應義塾大学', domains: ['keio.jp'] }];

function renderEdit(faculty: string | null) {
  const handler: Handler = (url, init) => {
    if (url.includes('/api/universities')) return { status: 200, body: UNIVERSITIES };
    if (url.includes('/api/mentors/me') && init?.method === 'PUT') {
      return { status: 200, body: { imageUpdated: false } };
    }
    if (url.includes('/api/mentors/me'))
      return { status: 200, body: ownMentorProfile({ faculty, nameReading: 'ヤマダ ハナコ' }) };
    return { status: 404, body: { code: 'not-found', message: '' } };
  };
  return renderRoutes(
    [
      { path: '/mentor-profile/edit', element: <MentorProfileEditPage /> },
      { path: '/mentor-profile', element: <p>profile</p> },
    ],
    '/mentor-profile/edit',
    handler,
  );
}

function sentForm(fetchMock: ReturnType<typeof renderEdit>['fetchMock']) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return call?.[1]?.body as FormData | undefined;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ja');
});

describe('the profile form’s 学部', () => {
  it('is optional, pre-filled with hers, and sent as typed', async () => {
    const { fetchMock } = renderEdit('経済学部');
    const field = await screen.findByLabelText('出身学部');
    expect(field).toHaveValue('経済学部');
    expect(field).not.toBeRequired();
    expect(screen.getByText('任意。同じ学部の学生へのおすすめに使われます。')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, '法学部');
    await userEvent.click(screen.getByRole('button', { name: '更新する' }));
    await waitFor(() => expect(sentForm(fetchMock)?.get('faculty')).toBe('法学部'));
  });

  it('left empty, is not sent (none)', async () => {
    const { fetchMock } = renderEdit(null);
    expect(await screen.findByLabelText('出身学部')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: '更新する' }));
    await waitFor(() => expect(sentForm(fetchMock)).toBeDefined());
    expect(sentForm(fetchMock)!.has('faculty')).toBe(false);
  });

  it('over 100 characters, says so on the field and sends nothing', async () => {
    const { fetchMock } = renderEdit(null);
    const field = await screen.findByLabelText('出身学部');
    await userEvent.click(field);
    await userEvent.paste('あ'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('100文字以内で入力してください。')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sentForm(fetchMock)).toBeUndefined();
  });

  it('is named in English in English mode', async () => {
    await setLanguage('en');
    renderEdit('Faculty of Economics');
    expect(await screen.findByLabelText('Faculty')).toHaveValue('Faculty of Economics');
  });
});

describe('her page’s 学部', () => {
  const renderDetail = (faculty: string | null) =>
    renderRoutes(
      [{ path: '/mentor/:urlParam', element: <MentorDetailPage /> }],
      '/mentor/og1',
      () => ({ status: 200, body: bookableMentor({ faculty }) }),
    );

  it('stands under her university when she gave it', async () => {
    renderDetail('経済学部');
    const term = await screen.findByText('出身学部');
    expect(term.nextElementSibling).toHaveTextContent('経済学部');
    expect(term.parentElement!.previousElementSibling).toHaveTextContent('出身大学');
  });

  it('is not shown when she did not', async () => {
    renderDetail(null);
    expect(await screen.findByText('出身大学')).toBeVisible();
    expect(screen.queryByText('出身学部')).toBeNull();
  });
});

describe('the recommendation’s reason', () => {
  it('says 「同じ学部の先輩」, in English "From your faculty"', async () => {
    await recommendationTextsReady();
    expect(reasonText(i18n.t, 'ja', { kind: 'same-faculty' })).toBe('同じ学部の先輩');
    await setLanguage('en');
    await recommendationTextsReady();
    expect(reasonText(i18n.t, 'en', { kind: 'same-faculty' })).toBe('From your faculty');
  });
});
