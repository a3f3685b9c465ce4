import { lazy, Suspense, useState } from 'react';
import type { ReportDialogProps } from './report-dialog';

// The form brings react-hook-form, zod and the report's schema: the pages that offer 「通報する」
// (an alumna's page, a request, a thread) load without them, and few people ever open it.
const ReportForm = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * The report dialog, downloaded when it first opens (as the withdrawal dialog and the bell) and
 * mounted from then on, so closing it keeps the native dialog's return of focus.
 */
export function ReportDialog(props: ReportDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ReportForm {...props} />
    </Suspense>
  );
}
