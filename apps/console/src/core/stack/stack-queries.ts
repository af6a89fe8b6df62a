import { stackPaths, stackSchema } from '@agora/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '../http/api-client.ts';
import { stackKeys } from './stack-keys.ts';
import { useInternalUrl } from './use-internal-url.ts';

export async function fetchStacks() {
  return z.array(stackSchema).parse(await apiData<unknown>({ path: stackPaths.list }));
}

/** The selected community as its own API describes it (status, roles, name). */
export async function fetchStackSelf() {
  return stackSchema.parse(await apiData<unknown>({ target: 'stack', path: stackPaths.self }));
}

export function useStacksQuery() {
  return useQuery({ queryKey: stackKeys.list(), queryFn: fetchStacks });
}

export function useStackSelfQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: stackKeys.self(internalUrl ?? ''),
    queryFn: fetchStackSelf,
    enabled: Boolean(internalUrl),
  });
}
