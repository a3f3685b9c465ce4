import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import { employerRulesData } from '../../test/employer-rules-data';
import { ownMentorProfile } from '../../test/mentor-data';
import { renderApp, signedInAs, type Answer } from '../../test/render';

function profile(employerRules: EmployerRules): MentorProfile {
  return ownMentorProfile({ employerRules });
}

const NOT_FOUND: Answer = { status: 404, body: { code: 'not-found', message: '' } };

/** Her profile, with what each PUT of her rules sent; `answer` says how the server answers it. */
function renderRules(
  rules: EmployerRules = employerRulesData(),
  answer: (body: EmployerRules) => Answer = (body) => ({
    status: 200,
    body: { employerRules: body },
  }),
) {
  const sent: EmployerRules[] = [];
  const rendered = renderApp('/mentor-profile', (url, init) => {
    if (url === '/api/auth/session') return signedInAs('mentor');
    if (url === '/api/mentors/me') return { status: 200, body: profile(rules) };
    if (url === '/api/mentors/me/employer-rules' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as EmployerRules;
      sent.push(body);
      return answer(body);
    }
    return NOT_FOUND;
  });
  return { ...rendered, sent };
}

async function rulesSection() {
  return within(await screen.findByRole('region', { name: '勤務先のOG訪問ルール' }));
}

describe('勤務先のOG訪問ルール on her profile', () => {
  it('says why in plain words and starts from what she recorded', async () => {
    renderRules(employerRulesData({ premisesOnly: true, latestEnd: '19:30', noAlcohol: true }));
    const section = await rulesSection();
    expect(section.getByText(/2026年10月から、会社には/)).toBeVisible();
    expect(section.getByRole('radio', { name: '対面は社内のみ（オンラインも可）' })).toBeChecked();
    expect(section.getByRole('combobox', { name: '終了の時刻' })).toHaveValue('19:30');
    expect(section.getByRole('checkbox', { name: /飲酒を伴わない/ })).toBeChecked();
  });

  it('saves オンラインのみ, an end time, no alcohol and her employer’s desk, and confirms it', async () => {
    const user = userEvent.setup();
    const { sent } = renderRules();
    const section = await rulesSection();
    await user.click(section.getByRole('radio', { name: 'オンラインのみ' }));
    await user.selectOptions(section.getByRole('combobox', { name: '終了の時刻' }), '19:00');
    await user.click(section.getByRole('checkbox', { name: /飲酒を伴わない/ }));
    await user.type(section.getByRole('textbox', { name: '窓口の名前' }), ' 人事部 相談窓口 ');
    await user.type(
      section.getByRole('textbox', { name: /^連絡先/ }),
      'https://example.co.jp/contact',
    );
    await user.click(section.getByRole('button', { name: 'ルールを保存' }));
    expect(
      await screen.findByText(
        '勤務先のルールを保存しました。予約枠・承諾・時間の提案は、このルールに沿うものだけになります。',
      ),
    ).toBeVisible();
    expect(sent).toEqual([
      {
        onlineOnly: true,
        premisesOnly: false,
        latestEnd: '19:00',
        noAlcohol: true,
        deskName: '人事部 相談窓口',
        deskContact: 'https://example.co.jp/contact',
      },
    ]);
  });

  it('keeps オンラインのみ and 対面は社内のみ apart: choosing one drops the other', async () => {
    const user = userEvent.setup();
    const { sent } = renderRules(employerRulesData({ premisesOnly: true }));
    const section = await rulesSection();
    await user.click(section.getByRole('radio', { name: 'オンラインのみ' }));
    expect(
      section.getByRole('radio', { name: '対面は社内のみ（オンラインも可）' }),
    ).not.toBeChecked();
    await user.click(section.getByRole('button', { name: 'ルールを保存' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ onlineOnly: true, premisesOnly: false });
  });

  it('clears every rule back to none, and says nothing is recorded', async () => {
    const user = userEvent.setup();
    const { sent } = renderRules(
      employerRulesData({ onlineOnly: true, deskName: '人事部', deskContact: '03-1111-2222' }),
    );
    const section = await rulesSection();
    await user.click(section.getByRole('radio', { name: '指定なし' }));
    await user.clear(section.getByRole('textbox', { name: '窓口の名前' }));
    await user.clear(section.getByRole('textbox', { name: /^連絡先/ }));
    await user.click(section.getByRole('button', { name: 'ルールを保存' }));
    expect(await screen.findByText('勤務先のルールはなしで保存しました。')).toBeVisible();
    expect(sent).toEqual([employerRulesData()]);
  });

  it('asks for the desk’s name when a contact is given, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = renderRules();
    const section = await rulesSection();
    await user.type(section.getByRole('textbox', { name: /^連絡先/ }), '03-1234-5678');
    await user.click(section.getByRole('button', { name: 'ルールを保存' }));
    expect(await section.findByText('窓口の名前も入力してください。')).toBeVisible();
    expect(section.getByRole('textbox', { name: '窓口の名前' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).toEqual([]);
  });

  it('refuses a name over 60 characters before sending', async () => {
    const user = userEvent.setup();
    const { sent } = renderRules();
    const section = await rulesSection();
    await user.type(section.getByRole('textbox', { name: '窓口の名前' }), 'あ'.repeat(61));
    await user.click(section.getByRole('button', { name: 'ルールを保存' }));
    expect(await section.findByText('窓口の名前は60文字以内で入力してください。')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('shows the server’s field error under its field when it refuses', async () => {
    const user = userEvent.setup();
    renderRules(employerRulesData(), () => ({
      status: 400,
      body: {
        code: 'invalid-argument',
        message: '',
        fieldErrors: { deskContact: 'validation.textTooLong' },
      },
    }));
    const section = await rulesSection();
    await user.type(section.getByRole('textbox', { name: '窓口の名前' }), '人事部');
    await user.type(section.getByRole('textbox', { name: /^連絡先/ }), '03-1234-5678');
    await user.click(section.getByRole('button', { name: 'ルールを保存' }));
    expect(await section.findByText('100文字以内で入力してください。')).toBeVisible();
    const toasts = screen.getByRole('region', { name: '通知' });
    expect(
      await within(toasts).findByText(/^勤務先のルールを保存できませんでした。/),
    ).toBeVisible();
  });

  it('is not shown to an alumna awaiting approval', async () => {
    renderApp('/profile', (url) => {
      if (url === '/api/auth/session') return signedInAs('mentor_pending');
      if (url === '/api/mentors/me') return { status: 200, body: profile(employerRulesData()) };
      return NOT_FOUND;
    });
    expect(await screen.findByRole('heading', { name: 'OGプロフィール', level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: '勤務先のOG訪問ルール' })).toBeNull();
  });
});
