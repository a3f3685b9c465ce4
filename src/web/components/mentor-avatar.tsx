import { useTranslation } from 'react-i18next';

/** The mentor's icon, or the default avatar when there is none. */
export function MentorAvatar({
  name,
  iconUrl,
  size,
}: {
  name: string;
  iconUrl: string | null;
  size: number;
}) {
  const { t } = useTranslation();
  const alt = t('mentorsList.iconAlt', { name });
  if (iconUrl) {
    return (
      <img className="avatar" src={iconUrl} alt={alt} width={size} height={size} loading="lazy" />
    );
  }
  return (
    <svg
      className="avatar"
      role="img"
      aria-label={alt}
      width={size}
      height={size}
      viewBox="0 0 48 48"
    >
      <rect width="48" height="48" fill="#d0d7de" />
      <circle cx="24" cy="19" r="9" fill="#ffffff" />
      <ellipse cx="24" cy="44" rx="16" ry="12" fill="#ffffff" />
    </svg>
  );
}
