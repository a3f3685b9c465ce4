import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import {
  introducedRequestPath,
  type IntroductionView,
} from '../../../shared/schemas/introductions';
import { errorMessage } from '../../api/error-message';
import { ErrorNotice } from '../../components/error-notice';
import { FormSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { introductionQuery, useAnswerIntroduction } from './api';
import './introductions.css';

/**
 * /introductions/:id: the introduced alumna answers (受ける / 今回は受けない); the student, once she
 * opted in, reads 「○○さんを紹介します」 with the reason and asks in one step; the introducer sees
 * whether it was answered. The server answers 404 to anyone else, a student's pending one too.
 */
export function IntroductionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const introduction = useQuery(introductionQuery(id));
  useDocumentTitle(t('introductions.title'));
  if (introduction.isPending) {
    return (
      <section className="card narrow">
        <FormSkeleton fields={2} />
      </section>
    );
  }
  if (introduction.error) {
    return (
      <section className="card narrow">
        <h1>{t('introductions.title')}</h1>
        <ErrorNotice error={introduction.error} />
      </section>
    );
  }
  const view = introduction.data;
  return view.as === 'student' ? <StudentNotice view={view} /> : <MentorAnswer view={view} />;
}

function introducerOf(t: TFunction, view: IntroductionView): string {
  return view.introducerRole === 'admin'
    ? t('introductions.fromAdmin')
    : t('introductions.fromMentor', { name: view.introducerName });
}

function Reason({ view }: { view: IntroductionView }) {
  const { t } = useTranslation();
  return (
    <section className="introduction-reason" aria-labelledby="introduction-reason-title">
      <h2 id="introduction-reason-title">{t('introductions.reasonHeading')}</h2>
      <p>{view.reason}</p>
    </section>
  );
}

/** The student's notice: only ever an introduction the alumna opted in to. */
function StudentNotice({ view }: { view: IntroductionView }) {
  const { t } = useTranslation();
  const { name, company, urlParam } = view.mentor;
  return (
    <section className="card narrow">
      <h1>{t('introductions.studentTitle', { name })}</h1>
      <p>{t('introductions.studentLead', { introducer: introducerOf(t, view), name, company })}</p>
      <Reason view={view} />
      {view.requestId ? (
        <p>
          {t('introductions.requested')}{' '}
          <Link to={paths.visitRequest(view.requestId)}>{t('introductions.toRequest')}</Link>
        </p>
      ) : (
        <Link
          className="button button-primary button-block"
          to={introducedRequestPath(urlParam, view.id)}
        >
          {t('introductions.ask', { name })}
        </Link>
      )}
    </section>
  );
}

/** The introduced alumna's page (and the introducer's, read only). */
function MentorAnswer({ view }: { view: IntroductionView }) {
  const { t } = useTranslation();
  const answer = useAnswerIntroduction(view.id);
  return (
    <section className="card narrow">
      <h1>{t('introductions.title')}</h1>
      <p>
        {t('introductions.mentorLead', {
          introducer: introducerOf(t, view),
          student: view.student.name,
          university: view.student.university,
        })}
      </p>
      <Reason view={view} />
      {view.as === 'introducer' ? (
        <p className="notice notice-info">
          {view.status === 'pending'
            ? t('introductions.pendingForIntroducer')
            : t('introductions.answeredForIntroducer')}
        </p>
      ) : view.status === 'pending' ? (
        <>
          <p className="field-hint">{t('introductions.answerLead')}</p>
          {answer.error ? (
            <p className="notice notice-error" role="alert">
              {t('introductions.answerFailed', { message: errorMessage(t, answer.error) })}
            </p>
          ) : null}
          <div className="button-row">
            <button
              type="button"
              className="button button-primary"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ answer: 'opt_in' })}
            >
              {answer.isPending ? t('introductions.answering') : t('introductions.optIn')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ answer: 'decline' })}
            >
              {t('introductions.decline')}
            </button>
          </div>
        </>
      ) : (
        <p className="notice notice-success" role="status">
          {view.status === 'opted_in' ? t('introductions.optedIn') : t('introductions.declined')}
        </p>
      )}
      {view.requestId ? (
        <p>
          <Link to={paths.visitRequest(view.requestId)}>{t('introductions.toRequest')}</Link>
        </p>
      ) : null}
    </section>
  );
}
