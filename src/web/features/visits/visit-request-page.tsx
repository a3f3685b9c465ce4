import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IntroduceLink } from '../introductions';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../lib/document-title';
import { ErrorNotice } from '../../components/error-notice';
import { ProfileSkeleton } from '../../components/skeletons';
import { useMarkVisitSeen, visitRequestQuery } from './api';
import { VisitStatusBadge } from './visit-status-badge';
import { FirstVisitBadge } from './first-visit-badge';
import { BookedVisit } from './booked-visit';
import { ProposalAnswer, ProposalPanel } from './visit-proposals';
import { isBooked, SafetyBox, VisitFacts, personName } from './visit-facts';
import { MentorReply } from './mentor-reply';
import { CancelRequest, DeclineRequest } from './reply-form';
import { VisitThread } from '../threads';
import { VisitFollowUp } from './visit-follow-up';
import { SafeEndBox } from './safe-end-box';
import { NoShowPause } from './no-show-claim';
import { CancelledNotice } from './cancelled-notice';
import { StaleAnswerNotice } from './stale-answer';
import { EmployerRulesBox } from '../employer-rules';
import { PushOffer } from '../notifications';
import './visits.css';

/** /visit-requests/{id}: one request, with what the caller's side can do with it now. */
export function VisitRequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const request = useQuery(visitRequestQuery(id));
  useDocumentTitle(t('visits.detail.title'));
  useMarkSeen(request.data);

  if (request.isPending) return <ProfileSkeleton />;
  if (request.error) {
    const notFound = request.error instanceof ApiError && request.error.code === 'not-found';
    return (
      <section className="card">
        <h1>{t('visits.detail.title')}</h1>
        {notFound ? (
          <p className="notice notice-error" role="alert">
            {t('visits.detail.notFound')}
          </p>
        ) : (
          <ErrorNotice error={request.error} prefix={t('visits.detail.loadFailed')} />
        )}
        <BackToRequests />
      </section>
    );
  }
  const r = request.data;
  const myTurn = r.awaiting === r.side;
  // The alumna reads the student's message and profile before she answers: on a phone the
  // facts would otherwise come after the reply form and the thread.
  const readFirst = r.side === 'mentor' && r.status === 'pending';
  const pushOffer = pushOfferReason(r);
  return (
    <article className="card visit-detail">
      <BackToRequests />
      <h1>{t('visits.detail.title')}</h1>
      <p>
        <VisitStatusBadge request={r} /> <StatusLine request={r} />
      </p>
      <FirstVisitBadge request={r} explained />
      <StaleAnswerNotice requestId={r.id} />
      {pushOffer && (
        <Suspense fallback={null}>
          <PushOffer reason={pushOffer} />
        </Suspense>
      )}
      <CancelledNotice request={r} />
      {r.requestsStopped && <NoShowPause />}
      {readFirst && (
        <section className="visit-request-facts" aria-labelledby="request-facts-title">
          <h2 id="request-facts-title">{t('visits.detail.requestFacts')}</h2>
          <VisitFacts request={r} />
        </section>
      )}
      <SafeEndBox request={r} />
      {isBooked(r) && <BookedVisit request={r} />}
      {r.proposal && <ProposalPanel request={r} />}
      {myTurn && r.side === 'mentor' && !r.proposal && <MentorReply request={r} />}
      {myTurn && r.proposal && <ProposalAnswer request={r} />}
      {r.side === 'mentor' && r.status === 'pending' && <DeclineRequest requestId={r.id} />}
      <VisitFollowUp request={r} />
      {/* 紹介: the alumna who met the student introduces her to another senpai. */}
      {r.side === 'mentor' && r.status === 'accepted' && r.student.userId && (
        <IntroduceLink studentId={r.student.userId} />
      )}
      <VisitThread
        requestId={r.id}
        side={r.side}
        otherName={personName(r.side === 'student' ? r.mentor : r.student, t)}
        otherUserId={(r.side === 'student' ? r.mentor : r.student).userId}
        agenda={{ topics: r.agendaTopics, questions: r.agendaQuestions }}
      />
      {!readFirst && <VisitFacts request={r} />}
      {/* Her employer's rules, for the student (she set them, and her forms keep them). */}
      {r.side === 'student' && <EmployerRulesBox rules={r.employerRules} />}
      {/* The alumna lets a waiting request go with 辞退する alone (issue 56): 依頼を取り消す beside it
          named no difference. She cancels once a visit is agreed. */}
      {r.open && !(r.side === 'mentor' && r.status === 'pending') && <CancelRequest request={r} />}
      <SafetyBox request={r} />
    </article>
  );
}

/**
 * Where push helps (issue 56): a student whose request waits for the answer, an alumna who
 * agreed a visit (changes and messages will follow).
 */
function pushOfferReason(r: VisitRequest): 'sent' | 'accepted' | undefined {
  if (r.side === 'student' && r.status === 'pending') return 'sent';
  if (r.side === 'mentor' && r.status === 'accepted') return 'accepted';
  return undefined;
}

/** A student opening a request with news takes it off the badge. */
function useMarkSeen(request: VisitRequest | undefined) {
  const { mutate } = useMarkVisitSeen(request?.id ?? '');
  const unseen = request?.unseen === true;
  useEffect(() => {
    if (unseen) mutate();
  }, [unseen, mutate]);
}

/** What the request waits for, in words for the side reading it. */
function StatusLine({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const mentor = personName(r.mentor, t);
  if (r.status === 'expired') {
    // Unanswered, or every proposed time passed after an answer.
    const timesPassed = r.respondedAt !== null;
    if (r.side === 'mentor') {
      return (
        <>
          {timesPassed ? t('visits.detail.expiredTimesPassed') : t('visits.detail.expiredMentor')}
        </>
      );
    }
    return (
      <>
        {timesPassed
          ? t('visits.detail.expiredTimesPassed')
          : t('visits.detail.expiredStudent', { name: mentor })}{' '}
        <Link to={paths.mentorsList}>{t('visits.detail.findOthers')}</Link>
      </>
    );
  }
  if (r.status !== 'pending') return null;
  if (r.side === 'student') {
    if (r.awaiting === 'student')
      return <>{t('visits.detail.proposalToStudent', { name: mentor })}</>;
    return (
      <>
        {r.proposal
          ? t('visits.detail.waitingMentorAnswer', { name: mentor })
          : t('visits.detail.pendingStudent', { name: mentor })}
      </>
    );
  }
  if (r.awaiting === 'student') return <>{t('visits.detail.waitingStudentAnswer')}</>;
  return <>{r.proposal ? t('visits.detail.proposalToMentor') : t('visits.detail.pendingMentor')}</>;
}

/** The way back to the list of requests. */
function BackToRequests() {
  const { t } = useTranslation();
  return (
    <Link className="button button-link back-link" to={paths.visitRequests}>
      ← {t('visits.detail.back')}
    </Link>
  );
}
