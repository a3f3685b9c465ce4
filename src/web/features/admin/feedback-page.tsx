import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminFeedback } from '../../../shared/schemas/admin';
import { SelectField } from '../../components/form-fields';
import { formatDate } from '../../lib/format';
import { useUrlFilters } from '../../lib/use-url-filters';
import { adminFeedbackQuery } from './api';
import { AdminListPage } from './list-parts';
import './admin.css';

const FILTERS = ['side'] as const;

/** /admin/feedback: what students and alumni privately said of their visits, newest first. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const { filters, setFilter } = useUrlFilters(FILTERS);
  const list = useInfiniteQuery(adminFeedbackQuery(filters));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <AdminListPage
      title={t('admin.feedback.title')}
      lead={t('admin.feedback.lead')}
      filters={
        <div className="card">
          <SelectField
            label={t('admin.feedback.side')}
            placeholder={t('admin.any')}
            value={filters.side ?? ''}
            onChange={(event) => setFilter('side', event.target.value)}
          >
            <option value="student">{t('admin.feedback.sideStudent')}</option>
            <option value="mentor">{t('admin.feedback.sideMentor')}</option>
          </SelectField>
        </div>
      }
      list={list}
      count={items.length}
      empty={filters.side ? t('admin.feedback.noMatch') : t('admin.feedback.empty')}
      shape={{
        kind: 'table',
        captionId: 'admin-feedback-caption',
        caption: t('admin.feedback.caption'),
        columns: [
          t('admin.feedback.time'),
          t('admin.feedback.side'),
          t('admin.feedback.rating'),
          t('admin.feedback.comment'),
          t('admin.feedback.visit'),
        ],
      }}
    >
      {items.map((item) => (
        <FeedbackRow key={`${item.visitRequestId}-${item.side}`} item={item} />
      ))}
    </AdminListPage>
  );
}

function FeedbackRow({ item }: { item: AdminFeedback }) {
  const { t } = useTranslation();
  const withdrawn = t('admin.feedback.withdrawn');
  return (
    <tr>
      <th scope="row" className="admin-nowrap" data-label={t('admin.feedback.time')}>
        {formatDate(item.updatedAt)}
      </th>
      <td data-label={t('admin.feedback.side')}>
        {item.side === 'student' ? t('admin.feedback.sideStudent') : t('admin.feedback.sideMentor')}
      </td>
      <td data-label={t('admin.feedback.rating')}>{item.rating}</td>
      <td className="admin-break feedback-comment" data-label={t('admin.feedback.comment')}>
        {item.comment || <span className="muted">{t('admin.feedback.noComment')}</span>}
      </td>
      <td className="admin-break" data-label={t('admin.feedback.visit')}>
        {t('admin.feedback.visitPair', {
          student: item.studentName ?? withdrawn,
          mentor: item.mentorName ?? withdrawn,
        })}
        {item.meetingAt
          ? t('admin.feedback.meetingAt', { date: formatDate(item.meetingAt) })
          : null}
      </td>
    </tr>
  );
}
