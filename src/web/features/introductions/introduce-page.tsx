import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { INTRODUCTION_REASON_MAX_LENGTH } from '../../../shared/constants';
import type { MentorCard } from '../../../shared/schemas/mentors';
import { errorMessage } from '../../api/error-message';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { ErrorNotice } from '../../components/error-notice';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useDocumentTitle } from '../../lib/document-title';
import { introducedStudentQuery, introducibleMentorsQuery, useIntroduce } from './api';
import './introductions.css';

/**
 * /introductions/new?student= (an alumna, from a visit with the student) and
 * /admin/introductions/new?student= (an admin, from the console): the introducer chooses a
 * listed alumna and writes a short reason (decision 0044). The server decides who may introduce
 * whom; its refusals (she takes no introductions, a pending one, no visit) are shown as said.
 */
export function IntroducePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('introductions.newTitle'));
  const [params] = useSearchParams();
  const studentId = params.get('student') ?? '';
  const student = useQuery({ ...introducedStudentQuery(studentId), enabled: studentId !== '' });

  let body;
  if (!studentId) body = <p className="notice notice-error">{t('introductions.noStudent')}</p>;
  else if (student.isPending) body = <FormSkeleton fields={2} />;
  else if (student.error) body = <ErrorNotice error={student.error} />;
  else {
    body = (
      <>
        <p>
          {t('introductions.newLead', {
            student: student.data.name,
            university: student.data.university,
          })}
        </p>
        <IntroductionForm studentId={studentId} />
      </>
    );
  }
  return (
    <section className="card narrow">
      <h1>{t('introductions.newTitle')}</h1>
      {body}
    </section>
  );
}

export function IntroductionForm({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<MentorCard | null>(null);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const mentors = useQuery(introducibleMentorsQuery(q));
  const introduce = useIntroduce();

  function search(event: FormEvent) {
    event.preventDefault();
    setQ(typed.trim());
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    if (reason.trim() === '') {
      setOutcome({ ok: false, text: t('validation.introductionReasonRequired') });
      return;
    }
    try {
      await introduce.mutateAsync({ studentId, mentorUrlParam: chosen.urlParam, reason });
      setOutcome({ ok: true, text: t('introductions.sent', { name: chosen.name }) });
    } catch (error) {
      setOutcome({
        ok: false,
        text: t('introductions.failed', { message: errorMessage(t, error) }),
      });
    }
  }

  if (outcome?.ok) {
    return (
      <p className="notice notice-success" role="status">
        {outcome.text}
      </p>
    );
  }
  if (!chosen) {
    return (
      <>
        <form className="introduction-search" role="search" onSubmit={search}>
          <label htmlFor="introduction-q">{t('introductions.search')}</label>
          <div className="introduction-search-row">
            <input
              id="introduction-q"
              type="search"
              value={typed}
              maxLength={100}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="button button-secondary">
              {t('introductions.searchButton')}
            </button>
          </div>
        </form>
        {mentors.error ? <ErrorNotice error={mentors.error} /> : null}
        {mentors.data && mentors.data.items.length === 0 ? (
          <p>{t('introductions.noResults')}</p>
        ) : null}
        <ul className="introduction-candidates">
          {mentors.data?.items.map((mentor) => (
            <li key={mentor.urlParam}>
              <span>
                <strong>{mentor.name}</strong> {mentor.company}
              </span>
              <button
                type="button"
                className="button button-secondary"
                aria-label={`${t('introductions.choose')}: ${mentor.name}`}
                onClick={() => {
                  setChosen(mentor);
                  setOutcome(null);
                }}
              >
                {t('introductions.choose')}
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <p className="introduction-chosen">
        {t('introductions.chosen', { name: chosen.name, company: chosen.company })}{' '}
        <button type="button" className="button-link" onClick={() => setChosen(null)}>
          {t('introductions.change')}
        </button>
      </p>
      <div className="field">
        <label htmlFor="introduction-reason">{t('introductions.reason')}</label>
        <textarea
          id="introduction-reason"
          rows={4}
          maxLength={INTRODUCTION_REASON_MAX_LENGTH}
          value={reason}
          required
          aria-describedby="introduction-reason-hint"
          onChange={(event) => setReason(event.target.value)}
        />
        <p id="introduction-reason-hint" className="field-hint">
          {t('introductions.reasonHint')}
        </p>
        <ContactMaskWarning text={reason} message={t('introductions.reasonHint')} />
      </div>
      {outcome ? (
        <p className="notice notice-error" role="alert">
          {outcome.text}
        </p>
      ) : null}
      <SubmitButton
        pending={introduce.isPending}
        label={t('introductions.submit')}
        pendingLabel={t('introductions.submitting')}
      />
    </form>
  );
}
