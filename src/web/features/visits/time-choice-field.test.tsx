import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { i18n } from '../../i18n';
import { formatMeetingTime } from '../../lib/meeting-time';
import { TimeChoiceField } from './time-choice-field';

const PAST = '2026-01-05T01:00:00.000Z';
const AHEAD = '2026-03-02T05:00:00.000Z';
const NOW = new Date('2026-02-01T00:00:00.000Z').getTime();

/** The field in a form of its own, which shows what it keeps on submitting. */
function Form({ errorKey, byIndex = false }: { errorKey?: string; byIndex?: boolean }) {
  const form = useForm<{ time: string }>({ defaultValues: { time: '' } });
  const chosen = useWatch({ control: form.control, name: 'time' });
  return (
    <form>
      <TimeChoiceField
        legend="日時を選んでください"
        times={[PAST, AHEAD]}
        now={NOW}
        {...(byIndex ? { valueFor: (_time: string, i: number) => String(i) } : {})}
        more={[{ value: 'other', label: '別の日時を提案する' }]}
        field={form.register('time')}
        errorKey={errorKey}
      />
      <output>{chosen}</output>
    </form>
  );
}

function renderForm(props: { errorKey?: string; byIndex?: boolean } = {}) {
  render(
    <I18nextProvider i18n={i18n}>
      <Form {...props} />
    </I18nextProvider>,
  );
}

describe('TimeChoiceField', () => {
  it('offers each time under its legend, a past one shown but not choosable, then the other choices', () => {
    renderForm();
    const group = screen.getByRole('group', { name: '日時を選んでください' });
    expect(group).not.toHaveAttribute('aria-invalid');
    const past = screen.getByRole('radio', { name: `${formatMeetingTime(PAST)} （過ぎています）` });
    expect(past).toBeDisabled();
    expect(screen.getByRole('radio', { name: formatMeetingTime(AHEAD) })).toBeEnabled();
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      PAST,
      AHEAD,
      'other',
    ]);
  });

  it('keeps the chosen time, or what the form keeps for it', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: formatMeetingTime(AHEAD) }));
    expect(screen.getByRole('status')).toHaveTextContent(AHEAD);
    await userEvent.click(screen.getByRole('radio', { name: '別の日時を提案する' }));
    expect(screen.getByRole('status')).toHaveTextContent('other');
  });

  it('keeps the time’s place when the form asks for it', async () => {
    renderForm({ byIndex: true });
    await userEvent.click(screen.getByRole('radio', { name: formatMeetingTime(AHEAD) }));
    expect(screen.getByRole('status')).toHaveTextContent(/^1$/);
  });

  it('says what is wrong, announced and tied to the group', () => {
    renderForm({ errorKey: VALIDATION.visitProposalChoiceRequired });
    const group = screen.getByRole('group', { name: '日時を選んでください' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    const error = screen.getByRole('alert');
    expect(group).toHaveAttribute('aria-describedby', error.id);
    expect(error).toHaveTextContent('提案された日時から1つ選んでください。');
  });
});
