import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { CompanyPage as CompanyPageData } from '../../../shared/schemas/companies';
import { ApiError } from '../../api/client';
import { LoadFailedCard } from '../../components/load-failed-card';
import { ProfileSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { MentorCardView } from '../mentors';
import { NoteCard } from '../visit-notes';
import { companyQuery } from './api';
import { CompanyGroupSessions } from './group-sessions';
import './companies.css';

/**
 * /companies/:name: one company (decision 0040), whichever way its name was written: the
 * alumni who work there as the OG list shows them, the shared 訪問記録 about it as the notes
 * search shows them to this reader (none for an alumna), and the place of its 座談会.
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const company = useQuery(companyQuery(name));
  useDocumentTitle(company.data?.name ?? t('company.title'));

  if (company.isPending) return <ProfileSkeleton />;
  if (company.error) {
    const notFound =
      company.error instanceof ApiError && company.error.code === 'company/not-found';
    return (
      <LoadFailedCard
        title={t('company.title')}
        message={notFound ? t('company.notFound') : t('company.failed')}
      >
        <p>
          <Link to={paths.mentorsList}>{t('company.backToList')}</Link>
        </p>
      </LoadFailedCard>
    );
  }
  const page = company.data;
  return (
    <section className="company-page">
      <h1>{page.name}</h1>
      <p className="muted">{t('company.lead')}</p>
      <CompanyGroupSessions company={page.name} />
      <CompanyMentors mentors={page.mentors} />
      {page.notes ? <CompanyNotes name={page.name} notes={page.notes} /> : null}
    </section>
  );
}

function CompanyMentors({ mentors }: { mentors: CompanyPageData['mentors'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="company-mentors">
      <h2 id="company-mentors">
        {t('company.mentorsTitle')}{' '}
        <span className="muted company-count">
          {t('company.mentorsCount', { count: mentors.length })}
        </span>
      </h2>
      {mentors.length === 0 ? (
        <p className="muted">{t('company.noMentors')}</p>
      ) : (
        <ul className="mentor-grid">
          {mentors.map((mentor) => (
            <li key={mentor.urlParam}>
              <MentorCardView mentor={mentor} favourite={false} companyLink={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CompanyNotes({
  name,
  notes,
}: {
  name: string;
  notes: NonNullable<CompanyPageData['notes']>;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="company-notes">
      <h2 id="company-notes">{t('company.notesTitle')}</h2>
      {notes.items.length === 0 ? (
        <p className="muted">{t('company.noNotes')}</p>
      ) : (
        <ul className="ns-search-list">
          {notes.items.map((note) => (
            <li key={note.id}>
              <NoteCard note={note} />
            </li>
          ))}
        </ul>
      )}
      {notes.nextCursor !== null && notes.total !== null ? (
        <p>
          <Link to={`${paths.visitNotes}?${new URLSearchParams({ company: name }).toString()}`}>
            {t('company.allNotes', { total: notes.total })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
