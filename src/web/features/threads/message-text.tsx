import { Fragment } from 'react';
import { followableMeetingUrl } from '../../../shared/schemas/visit-requests';

/**
 * A message's text with its https links made clickable (docs/PRODUCT.md §7). Nothing else
 * becomes a link: not http, not a bare domain, not an address, and no URL a meeting URL could
 * not be (a user part, an IP host); a link shows the URL as parsed, its host in ASCII, so what
 * it reads is where it goes. Line breaks are kept by CSS (white-space: pre-wrap); the text is
 * never read as HTML.
 */
const HTTPS_LINK = /https:\/\/[^\s<>"'「」『』（）()、。]+/g;

export function MessageText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(HTTPS_LINK)) {
    // A sentence's closing dot or comma is not part of the link.
    const link = match[0].replace(/[.,!?;:]+$/, '');
    const url = followableMeetingUrl(link);
    if (!url) continue;
    parts.push(<Fragment key={`t${at}`}>{text.slice(at, match.index)}</Fragment>);
    parts.push(
      <a
        key={`a${match.index}`}
        href={url.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
      >
        {url.href}
      </a>,
    );
    at = match.index + link.length;
  }
  parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
