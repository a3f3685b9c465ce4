import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { studentFieldsSchema } from '../../../shared/schemas/students';
import { i18n } from '../../i18n';
import { StudentFields, type StudentFieldsPageName } from './student-fields';

const UNIVERSITIES = [
  { id: 'u1', name: '青山大学', reading: 'あおやまだいがく', nameEn: null, domains: ['aoyama.jp'] },
];

/** Stands for a page's form: the schema's fields, all empty, sent with a button. */
function Page({ page }: { page: StudentFieldsPageName }) {
  const form = useForm<z.input<typeof studentFieldsSchema>>({
    resolver: zodResolver(studentFieldsSchema),
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void form.handleSubmit(() => undefined)(event)} noValidate>
        <StudentFields page={page} universities={UNIVERSITIES} />
        <button type="submit">送る</button>
      </form>
    </FormProvider>
  );
}

function renderPage(page: StudentFieldsPageName) {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <Page page={page} />
    </I18nextProvider>,
  );
  const labels = () => [...container.querySelectorAll('label')].map((label) => label.textContent);
  return { labels };
}

describe('StudentFields', () => {
  it('asks at registration for every field in its order and words, all required', () => {
    const { labels } = renderPage('register');
    expect(labels()).toEqual(['氏名', 'フリガナ', '学籍番号', '大学', '学部', '学科', '学年']);
    expect(screen.getByLabelText('氏名')).toHaveAttribute('placeholder', '例：山田 花子');
    expect(screen.getByLabelText('学部')).toBeRequired();
    expect(screen.getByLabelText('学科')).toBeRequired();
    expect(screen.getByRole('option', { name: '青山大学' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '卒業予定' })).not.toBeInTheDocument();
  });

  it('lets the registration review correct what a stranger may have typed, without placeholders', () => {
    const { labels } = renderPage('review');
    expect(labels()).toEqual(['氏名', 'フリガナ', '学籍番号', '学部', '学科']);
    expect(screen.getByLabelText('氏名')).not.toHaveAttribute('placeholder');
  });

  it('edits the grade after the reading, 卒業予定 included, with faculty and department optional', () => {
    const { labels } = renderPage('edit');
    expect(labels()).toEqual(['氏名', 'フリガナ', '学年', '学部', '学科']);
    expect(screen.getByLabelText('学部')).not.toBeRequired();
    expect(screen.getByRole('option', { name: '卒業予定' })).toBeInTheDocument();
  });

  it("shows the schema's own message beside each field", async () => {
    renderPage('register');
    await userEvent.click(screen.getByRole('button', { name: '送る' }));
    expect(await screen.findByText('お名前を入力してください。')).toBeInTheDocument();
    expect(screen.getByText('学部を入力してください。')).toBeInTheDocument();
    expect(screen.getByLabelText('学部')).toHaveAttribute('aria-invalid', 'true');
  });
});
