import { queryOptions } from '@tanstack/react-query';
import type { CompanyPage } from '../../../shared/schemas/companies';
import { apiRequest } from '../../api/client';

/** A company's page as its reader sees it (the server folds the name to the company's key). */
export function companyQuery(name: string) {
  return queryOptions({
    queryKey: ['companies', name],
    queryFn: () => apiRequest<CompanyPage>(`/api/companies/${encodeURIComponent(name)}`),
    staleTime: 30_000,
  });
}
