import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';

/**
 * The way to a company's page (decision 0040) from a card, a profile and a 訪問記録:
 * 「{会社名} のOGと訪問記録」; `as="name"` links the name itself, where a label beside it says it
 * is the company (a profile's 会社 row); `as="short"` says 「この会社のOG・訪問記録」 under a
 * card that shows the name just above (the name is still in the link's name, for a screen
 * reader's list of links).
 */
export function CompanyLink({
  company,
  className,
  as = 'long',
}: {
  company: string;
  className?: string;
  as?: 'long' | 'name' | 'short';
}) {
  const { t } = useTranslation();
  return (
    <Link className={className} to={paths.company(company)}>
      {as === 'name' ? company : null}
      {as === 'long' ? t('companyLink.long', { company }) : null}
      {as === 'short' ? (
        <>
          {t('companyLink.short')}
          <span className="visually-hidden">{t('companyLink.shortOf', { company })}</span>
        </>
      ) : null}
    </Link>
  );
}
