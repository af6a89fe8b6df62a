import { useQuery } from '@tanstack/react-query';
import { useSite } from '../app/site-context.tsx';
import { preferenceText } from '../site-api/site-queries.ts';

/** The community's name as members see it: the application name preference, else its own name. */
export function useCommunityName(): string {
  const { queries, communityName } = useSite();
  const preferences = useQuery(queries.preferences()).data;
  return (preferences && preferenceText(preferences, 'application_name')) || communityName;
}
