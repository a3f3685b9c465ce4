import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { FormSkeleton, MentorListSkeleton, ProfileSkeleton, RowsSkeleton } from './skeletons';

describe('loading skeletons', () => {
  it('announce loading once and hide their shapes from assistive technology', () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <MentorListSkeleton count={4} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelectorAll('.skeleton-card')).toHaveLength(4);
    expect(container.querySelector('ul')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws a profile with the given number of rows', () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <ProfileSkeleton rows={3} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中…');
    expect(container.querySelectorAll('.skeleton-row')).toHaveLength(3);
  });

  it('draws a form with one label and field per field, and history rows', () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <FormSkeleton fields={7} />
        <RowsSkeleton rows={2} />
      </I18nextProvider>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses).toHaveLength(2);
    for (const status of statuses) expect(status).toHaveTextContent('読み込み中…');
    expect(container.querySelectorAll('.skeleton-field')).toHaveLength(7);
    expect(container.querySelectorAll('.skeleton-rows li')).toHaveLength(2);
  });
});
