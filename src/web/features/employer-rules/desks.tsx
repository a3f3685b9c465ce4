import { useTranslation } from 'react-i18next';
import { GENERAL_LABOUR_CONSULTATION } from '../../../shared/constants';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import { contactHref } from './contact';

/** A desk's contact: a link when it is an address, a number or a URL (contactHref), else text. */
function DeskContact({ contact }: { contact: string }) {
  const { t } = useTranslation();
  const href = contactHref(contact);
  if (!href) return <>{contact}</>;
  if (href.startsWith('http')) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {contact}
        <span className="visually-hidden">{t('desk.newTab')}</span>
      </a>
    );
  }
  return <a href={href}>{contact}</a>;
}

/**
 * Her employer's desk for OB・OG訪問, in 「困ったときは」 when she gave one: its name and how to
 * reach it. Nothing otherwise.
 */
export function EmployerDesk({ rules }: { rules: EmployerRules | null | undefined }) {
  const { t } = useTranslation();
  if (!rules?.deskName && !rules?.deskContact) return null;
  return (
    <div className="desk employer-desk">
      <p className="desk-title">{t('desks.employer')}</p>
      {rules.deskName ? <p className="desk-name">{rules.deskName}</p> : null}
      {rules.deskContact ? (
        <p>
          <DeskContact contact={rules.deskContact} />
        </p>
      ) : null}
      <p className="muted">{t('desks.employerLead')}</p>
    </div>
  );
}

/** The public 総合労働相談コーナー, named wherever the site lists whom to turn to. */
export function LabourDesk() {
  const { t, i18n } = useTranslation();
  const desk = GENERAL_LABOUR_CONSULTATION;
  return (
    <div className="desk labour-desk">
      <p className="desk-title">{t('desks.labour')}</p>
      <p>
        <a href={desk.url} target="_blank" rel="noopener noreferrer">
          {i18n.language === 'en' ? desk.nameEn : desk.nameJa}
          <span className="visually-hidden">{t('desk.newTab')}</span>
        </a>
      </p>
      <p className="muted">{t('desks.labourLead')}</p>
    </div>
  );
}
