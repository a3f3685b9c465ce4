import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { DESK, deskAnswer } from '../../test/desk-data';
import { renderApp, signedInAs, signedOut, type Answer, type Handler } from '../../test/render';
import { requestPageApi } from '../../test/employer-rules-data';
import { visitRequestData } from '../../test/visit-data';

const LABOUR_URL = 'https://www.mhlw.go.jp/general/seido/chihou/kaiketu/soudan.html';

function api(session: Answer = signedOut): Handler {
  return (url) => {
    if (url === '/api/auth/session') return session;
    if (url === '/api/desk') return deskAnswer();
    return { status: 404, body: { code: 'not-found', message: '' } };
  };
}

describe('/visit-guidelines, 「OG訪問の注意事項」', () => {
  it('opens signed out, with the rules, what an alumna may not do, the law and what to do', async () => {
    renderApp('/visit-guidelines', api());
    expect(
      await screen.findByRole('heading', { name: 'OG訪問の注意事項', level: 1 }),
    ).toBeVisible();
    const rules = within(screen.getByRole('region', { name: '会うときのルール' }));
    expect(rules.getByText(/人目のある場所で会います/)).toBeVisible();
    expect(rules.getByText(/21:00までに終えます/)).toBeVisible();
    expect(rules.getByText(/お酒は飲みません/)).toBeVisible();
    expect(rules.getByText(/このサイトのメッセージでやり取りします/)).toBeVisible();
    const notAsk = within(screen.getByRole('region', { name: 'OGがしてはいけないこと' }));
    expect(notAsk.getByText(/恋人の有無/)).toBeVisible();
    expect(notAsk.getByText(/内定や選考をちらつかせた要求/)).toBeVisible();
    const law = within(screen.getByRole('region', { name: '2026年からの法律のルール' }));
    expect(law.getByText(/改正男女雇用機会均等法/)).toBeVisible();
  });

  it('says what to do and names the seminar’s desk and the public one', async () => {
    renderApp('/visit-guidelines', api(signedInAs('student')));
    const todo = within(await screen.findByRole('region', { name: '困ったときにすること' }));
    expect(todo.getByText(/その場を離れてかまいません/)).toBeVisible();
    expect(todo.getByText(/「通報」できます/)).toBeVisible();
    expect(todo.getByText(/OGの勤務先に相談窓口がある場合/)).toBeVisible();
    expect(await todo.findByText(DESK.name)).toBeVisible();
    expect(todo.getByRole('link', { name: /総合労働相談コーナー/ })).toHaveAttribute(
      'href',
      LABOUR_URL,
    );
  });

  it('reads in English in English mode, naming mentors', async () => {
    await setLanguage('en');
    try {
      renderApp('/visit-guidelines', api());
      expect(
        await screen.findByRole('heading', { name: 'Guidelines for visits', level: 1 }),
      ).toBeVisible();
      expect(screen.getByRole('heading', { name: 'What a mentor must not do' })).toBeVisible();
      expect(
        screen.getByRole('link', { name: /Comprehensive Labour Consultation Corner/ }),
      ).toBeVisible();
    } finally {
      await setLanguage('ja');
    }
  });

  it('is linked from 「困ったときは」 on a request', async () => {
    const user = userEvent.setup();
    const request = visitRequestData();
    const { router } = renderApp(`/visit-requests/${request.id}`, requestPageApi(request));
    await user.click(
      await screen.findByRole('link', { name: 'OG訪問の注意事項（困ったときにすること）' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'OG訪問の注意事項', level: 1 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/visit-guidelines');
  });
});
