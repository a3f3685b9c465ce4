import { useTranslation } from 'react-i18next';
import { GENERAL_LABOUR_CONSULTATION } from '../../../shared/constants';
import { useDocumentTitle } from '../../lib/document-title';
import { ConsultationDesk } from '../safety';
import { LabourDesk } from './desks';

import './employer-rules.css';

const RULES = ['place', 'hours', 'alcohol', 'contacts', 'money', 'employer'] as const;
const NOT_ASK = ['personal', 'relationship', 'pressure', 'contact'] as const;
const TO_DO = ['leave', 'report', 'seminar', 'employer', 'labour'] as const;

/**
 * /visit-guidelines, 「OG訪問の注意事項」 (issue 54, point 9): for students, in plain words, what
 * a visit keeps to, what an alumna may not do, the 2026 law, and what to do when something is
 * wrong, with the seminar's desk and the public one. Public, like the privacy notice: a student
 * reads it from a mail or before signing in.
 */
export function VisitGuidelinesPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('guidelines.title'));
  const labourName =
    i18n.language === 'en'
      ? GENERAL_LABOUR_CONSULTATION.nameEn
      : GENERAL_LABOUR_CONSULTATION.nameJa;
  return (
    <article className="card narrow visit-guidelines">
      <h1>{t('guidelines.title')}</h1>
      <p>{t('guidelines.lead')}</p>
      <section aria-labelledby="guidelines-rules">
        <h2 id="guidelines-rules">{t('guidelines.rulesTitle')}</h2>
        <ul>
          {RULES.map((rule) => (
            <li key={rule}>{t(`guidelines.rules.${rule}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="guidelines-not-ask">
        <h2 id="guidelines-not-ask">{t('guidelines.notAskTitle')}</h2>
        <p>{t('guidelines.notAskLead')}</p>
        <ul>
          {NOT_ASK.map((item) => (
            <li key={item}>{t(`guidelines.notAsk.${item}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="guidelines-law">
        <h2 id="guidelines-law">{t('guidelines.lawTitle')}</h2>
        <p>{t('guidelines.law')}</p>
      </section>
      <section aria-labelledby="guidelines-do">
        <h2 id="guidelines-do">{t('guidelines.doTitle')}</h2>
        <ol>
          {TO_DO.map((step) => (
            <li key={step}>{t(`guidelines.do.${step}`, { name: labourName })}</li>
          ))}
        </ol>
        <div className="guidelines-desks">
          <ConsultationDesk />
          <LabourDesk />
        </div>
      </section>
    </article>
  );
}
