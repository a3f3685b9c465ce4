import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookableMentor } from '../../test/book-slot-data';
import { deskAnswer } from '../../test/desk-data';
import { renderRoutes, signedInAs } from '../../test/render';
import { VisitRequestFormPage } from './visit-request-form-page';

const INDUSTRY = [
  'この業界を選んだ理由と、入社前と後で印象が変わった点を教えてください。',
  '業界のこれからの変化や課題を、現場ではどのように感じていますか。',
  '同じ業界の他社と比べて、御社ならではの特徴は何だと思いますか。',
];
const ES = [
  '私のESの志望動機で、伝わりにくいところがあれば教えてください。',
  '学生時代に力を入れたことは、どのように書くと伝わりやすいでしょうか。',
  'ESを読む側として、印象に残るのはどのような内容ですか。',
];

/** The agenda as the request form with three times asks it (the booking form asks the same). */
function renderAgenda(topics = bookableMentor().topics) {
  renderRoutes(
    [{ path: '/mentor/:urlParam/request', element: <VisitRequestFormPage /> }],
    '/mentor/og1/request',
    (url) => {
      if (url === '/api/mentors/og1') return { status: 200, body: bookableMentor({ topics }) };
      if (url === '/api/desk') return deskAnswer();
      if (url === '/api/auth/session') return signedInAs('student');
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

/** Every question as it stands, in order. */
function questions(): string[] {
  return screen.queryAllByLabelText(/^質問\d$/).map((box) => (box as HTMLTextAreaElement).value);
}

async function applyTemplate(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `${name}の質問例を入れる` }));
}

describe('the agenda (issue 37, point 5)', () => {
  it('offers her own 相談できること as the topics to choose', async () => {
    renderAgenda(['es_review', 'study_abroad']);
    const topics = await screen.findByRole('group', { name: '相談したいテーマ' });
    expect(
      within(topics)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['ES添削', '留学経験']);
    expect(topics).toHaveTextContent('佐藤 美咲さんが相談にのれることから選べます。');
  });

  it('leaves the topics out when she named none', async () => {
    renderAgenda([]);
    await screen.findByRole('group', { name: '相談したいこと（任意）' });
    expect(screen.queryByRole('group', { name: '相談したいテーマ' })).toBeNull();
  });

  it('fills the examples into empty questions and new ones, never over what she wrote', async () => {
    const user = userEvent.setup();
    renderAgenda();
    await user.type(await screen.findByLabelText('質問1'), '自分で書いた質問です。');
    await user.click(screen.getByRole('button', { name: '質問を追加' }));
    expect(questions()).toEqual(['自分で書いた質問です。', '']);

    await applyTemplate(user, '業界研究');
    // The empty second question took the first example; the others came after.
    expect(questions()).toEqual(['自分で書いた質問です。', ...INDUSTRY]);
    expect(screen.getByText('質問の例を3件入れました。')).toBeVisible();

    // Only one place is left of five: one example, and she is told why not more.
    await applyTemplate(user, 'ES');
    expect(questions()).toEqual(['自分で書いた質問です。', ...INDUSTRY, ES[0]]);
    expect(screen.getByText('質問は5つまでのため、質問の例を1件だけ入れました。')).toBeVisible();
    expect(screen.queryByRole('button', { name: '質問を追加' })).toBeNull();

    // Five: nothing more goes in, and nothing she wrote is replaced.
    await applyTemplate(user, '面接');
    expect(questions()).toHaveLength(5);
    expect(questions()[0]).toBe('自分で書いた質問です。');
    expect(
      screen.getByText('質問はすでに5つあります。例を入れるには、どれかの質問を削除してください。'),
    ).toBeVisible();
  });

  it('does not add an example twice, and takes the rest once a question is removed', async () => {
    const user = userEvent.setup();
    renderAgenda();
    await applyTemplate(user, '業界研究');
    expect(questions()).toEqual(INDUSTRY);
    await applyTemplate(user, '業界研究');
    expect(questions()).toEqual(INDUSTRY);
    expect(screen.getByText('この例の質問はすでに入っています。')).toBeVisible();

    await user.click(screen.getByRole('button', { name: '質問2を削除' }));
    expect(questions()).toEqual([INDUSTRY[0], INDUSTRY[2]]);
    await applyTemplate(user, 'ES');
    expect(questions()).toEqual([INDUSTRY[0], INDUSTRY[2], ...ES]);
  });

  it('counts each question against 200 characters and refuses a longer one', async () => {
    const user = userEvent.setup();
    renderAgenda();
    const box = await screen.findByLabelText('質問1');
    await user.click(box);
    await user.paste('あ'.repeat(201));
    expect(screen.getByText('201 / 200 文字')).toBeVisible();
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));
    await waitFor(() =>
      expect(screen.getByLabelText('質問1')).toHaveAccessibleDescription(
        '質問は1つ200文字以内で入力してください。',
      ),
    );
  });
});
